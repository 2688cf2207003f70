import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import { qualifiedTable } from '@app/nest-kit';
import { attestationDueOn } from '../domain/attestation-cycle';
import { dayOf } from '../domain/calendar';
import { approvalInForce, evolve, initialFileState, openItemsOf, type FileState } from '../domain/credentialing-file.decider';
import type { CredentialingEvent } from '../domain/credentialing-file.events';
import { expiresOn } from '../domain/open-items';
import { NPDB_ENROLLMENT } from '../domain/expirables';

export const CREDENTIALING_EVENT_TYPES = [
  'FileStarted',
  'FileStatusChanged',
  'ApplicationDeclared',
  'CredentialAdded',
  'CredentialUpdated',
  'CredentialRemoved',
  'VerificationRecorded',
  'AttestationSigned',
  'FileDecided',
  'ExclusionScreened',
  'NppesDiscrepancyResolved',
  'AppealRequested',
  'AppealDocumentAdded',
  'CorrectionRequested',
  'CorrectionAnswered',
  'FileRoutedToCommittee',
  'CommitteeOutcomeRecorded',
] as const satisfies readonly CredentialingEvent['type'][];

const EXPIRABLE_CHANGES = new Set<string>(['FileStarted', 'CredentialAdded', 'CredentialUpdated', 'CredentialRemoved', 'VerificationRecorded']);


/** The soonest expiry of the current cycle's credentials still to come on `day` (the grid's 'next expiry'). */
export function nextExpiry(state: FileState, day: string): string | null {
  const dates = (state.current?.credentials ?? []).map((c) => expiresOn(c.credential)).filter((d): d is string => !!d && d >= day);
  return dates.sort()[0] ?? null;
}

/**
 * The day the file first lapses: for each kind of credential with expiry dates, its latest expiry
 * (a renewal adds or updates one with a later date); the earliest of those. After it the grid
 * shows the file `Expired`.
 */
export function lapsesOn(state: FileState): string | null {
  const latest = new Map<string, string>();
  for (const c of state.current?.credentials ?? []) {
    const exp = expiresOn(c.credential);
    if (!exp) continue;
    const k = c.credential.kind;
    if (!latest.has(k) || exp > latest.get(k)!) latest.set(k, exp);
  }
  return [...latest.values()].sort()[0] ?? null;
}

/**
 * The files grid (`credentialing_files`, read through the view `credentialing_file_list` with the
 * provider's name and NPI): one row per provider, the current cycle folded from the events into
 * `state`, the open items counted on the day of the last change.
 */
@Injectable()
export class FilesProjection implements Projection {
  readonly name = 'credentialing-files';
  readonly eventTypes = CREDENTIALING_EVENT_TYPES;

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const t = qualifiedTable(em, 'credentialing_files');
    const e = { type: event.type, data: event.data } as CredentialingEvent;
    const providerId = e.data.providerId;
    const rows = await em.execute<{ state: FileState }[]>(`SELECT state FROM ${t} WHERE provider_id = ? FOR UPDATE`, [providerId]);
    const state = evolve(rows[0]?.state ?? initialFileState(), e);
    const c = state.current;
    if (!c) return;
    const day = dayOf(event.recordedAt);
    // While recredentialing runs, the earlier approval and its due date stay in force (until the new decision).
    const inForce = approvalInForce(state);
    await em.execute(
      `INSERT INTO ${t} (provider_id, cycle, status, open_items, next_expiry, recredentialing_due_on, last_change, state, exclusion, lapses_on, approval_in_force, attestation_due_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
       ON CONFLICT (provider_id) DO UPDATE SET cycle = EXCLUDED.cycle, status = EXCLUDED.status, open_items = EXCLUDED.open_items,
         next_expiry = EXCLUDED.next_expiry, recredentialing_due_on = EXCLUDED.recredentialing_due_on, last_change = EXCLUDED.last_change, state = EXCLUDED.state,
         exclusion = EXCLUDED.exclusion, lapses_on = EXCLUDED.lapses_on, approval_in_force = EXCLUDED.approval_in_force,
         attestation_due_on = EXCLUDED.attestation_due_on`,
      [
        providerId,
        c.cycle,
        c.status,
        openItemsOf(c, event.recordedAt, { requireExclusionScreening: true }).length,
        nextExpiry(state, day),
        c.recredentialingDueOn ?? inForce?.recredentialingDueOn ?? null,
        event.recordedAt,
        JSON.stringify(state),
        c.exclusion ?? null,
        lapsesOn(state),
        inForce !== null,
        c.attestation ? attestationDueOn(c.attestation.signedOn) : null,
      ],
    );
    // The expirables the daily run watches: this file's credentials with an expiry date.
    if (EXPIRABLE_CHANGES.has(e.type)) {
      const x = qualifiedTable(em, 'credentialing_expirables');
      await em.execute(`DELETE FROM ${x} WHERE provider_id = ?`, [providerId]);
      const rows = c.credentials.flatMap((cr) => {
        const exp = expiresOn(cr.credential);
        return exp ? [[providerId, cr.credentialId, cr.credential.kind, exp]] : [];
      });
      // The latest NPDB query's Continuous Query enrollment, when it has one.
      const npdb = c.verifications.filter((v) => v.source === 'NPDB' && !v.credentialId).at(-1);
      if (npdb?.enrollmentEndsOn) rows.push([providerId, npdb.verificationId, NPDB_ENROLLMENT, npdb.enrollmentEndsOn]);
      if (rows.length) await em.execute(`INSERT INTO ${x} (provider_id, credential_id, kind, expires_on) VALUES ${rows.map(() => '(?, ?, ?, ?)').join(', ')}`, rows.flat());
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute(`DELETE FROM ${qualifiedTable(em, 'credentialing_files')}`);
    await em.execute(`DELETE FROM ${qualifiedTable(em, 'credentialing_expirables')}`);
  }
}
