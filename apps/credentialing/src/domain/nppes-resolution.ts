/**
 * Resolving the NPPES check's discrepancy. NPPES licence fields are self-reported and often
 * incomplete: the registry is a cross-check, the state board a licence's primary source. Staff
 * resolve a discrepancy with a note; each licence the registry does not list needs the state
 * board's current `Verified` verification of that licence; a name needs a document (e.g. the name
 * change). An NPI the registry does not know or lists as deactivated is not resolved by hand: it is
 * corrected at its source and the checks run again.
 */
import { Conflict } from '@app/errors';
import { dayOf } from './calendar';
import { ValidationFailed, WrongStatus } from './credentialing.errors';
import type { Evidence, NppesDiscrepancyResolved } from './credentialing-file.events';
import { boardVerified, discrepancyLicence, latestVerification, type FileContent } from './open-items';

export type ResolveNppesInput = { note: string; evidence: Extract<Evidence, { kind: 'document' }> | null };

/** The resolution of the file's latest NPPES check (refused 409 when there is nothing to resolve or a licence lacks its board verification). */
export function resolveNppes(
  file: FileContent,
  ids: { providerId: string; cycleId: string },
  input: ResolveNppesInput,
  now: Date,
  by: string,
): NppesDiscrepancyResolved {
  const note = input.note.trim();
  if (!note) throw new ValidationFailed('note', 'note is required: say how the discrepancy was resolved');
  const v = latestVerification(file.verifications, null, null, 'NPPES');
  if (!v || v.result === 'Verified') throw new WrongStatus('There is no NPPES discrepancy to resolve: run the checks first');
  if ((file.nppesResolutions ?? []).some((r) => r.verificationId === v.verificationId)) throw new WrongStatus('This NPPES discrepancy is already resolved');
  if (v.result === 'Not found' || v.discrepancies.some((d) => d.field === 'npi' || d.field === 'npiStatus'))
    throw new Conflict('The NPI itself does not match the registry (unknown or deactivated): correct it at its source, then run the checks again', 'npi');
  const today = dayOf(now);
  const licences: NppesDiscrepancyResolved['data']['licences'] = [];
  const missing: string[] = [];
  for (const d of v.discrepancies) {
    const c = discrepancyLicence(d, file.credentials);
    if (!c || c.credential.kind !== 'stateLicense') continue;
    const board = boardVerified(file.verifications, c, today);
    if (board) licences.push({ credentialId: c.credentialId, verificationId: board.verificationId });
    else missing.push(`${c.credential.state} ${c.credential.number}`);
  }
  if (missing.length)
    throw new Conflict(
      `Licence ${missing.join(', ')} has no current Verified state board verification: verify ${missing.length > 1 ? 'them' : 'it'} at the state board first (source State board)`,
      'credentialId',
    );
  const names = v.discrepancies.some((d) => d.field === 'lastName' || d.field === 'firstName');
  if (names && !input.evidence) throw new ValidationFailed('evidence', 'evidence: a name discrepancy is resolved with a document (a PDF or an image, e.g. the name change)');
  return { type: 'NppesDiscrepancyResolved', data: { ...ids, verificationId: v.verificationId, note, evidence: input.evidence, licences, at: now.toISOString(), by } };
}
