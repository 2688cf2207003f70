import type { credentialing } from '@app/contracts';
import { approvalInForce, cyclesOf, mayDo, openItemsOf, type FileActor, type FileState } from '../domain/credentialing-file.decider';
import { nppesNote } from '../domain/nppes-check';
import type { OpenItemOptions } from '../domain/open-items';
import type { ProviderProfile } from '../infrastructure/file-access';
import { dayOf } from '../domain/calendar';
import { lapsesOn } from './files.projection';
import { noticeView } from './notice-view';
import { cycleFlags } from '../domain/committee-outcome';

/** Every user id the file mentions (the view names them in `people`). */
export function peopleOf(state: FileState): string[] {
  const c = state.current;
  const ids = new Set<string>();
  for (const a of state.activity ?? []) ids.add(a.by);
  for (const p of cyclesOf(state)) if (p.decision) ids.add(p.decision.decidedBy);
  if (c) {
    for (const v of c.verifications) ids.add(v.by);
    for (const r of c.nppesResolutions ?? []) ids.add(r.by);
    for (const h of c.history) ids.add(h.by);
    if (c.attestation) ids.add(c.attestation.signedBy);
    for (const o of c.committee?.outcomes ?? []) ids.add(o.by);
  }
  return [...ids];
}

/** An NPPES check recorded before its note told a discrepancy from a match. */
const honestNote = (v: { source: string; method: string; result: credentialing.VerificationResult; note: string | null; discrepancies: unknown[] }) => {
  const old = v.source === 'NPPES' && v.method === 'automatic' && v.result !== 'Verified' ? /^Matched against the registry \((.*)\)$/.exec(v.note ?? '') : null;
  return old ? nppesNote(v.result, old[1], v.discrepancies.length) : v.note;
};

/** The file as the API shows it: the current cycle with its open items today, every cycle, the history, the people's names and what the caller may do. */
export function toFileView(
  providerId: string,
  state: FileState,
  profile: ProviderProfile | undefined,
  actor: FileActor,
  now: Date,
  options: OpenItemOptions,
  people: Record<string, string> = {},
): credentialing.FileView | null {
  const c = state.current;
  if (!c) return null;
  const resolutions = c.nppesResolutions ?? [];
  // While recredentialing runs, the earlier approval (and its due date) stays in force.
  const inForce = approvalInForce(state);
  const dueOn = c.recredentialingDueOn ?? inForce?.recredentialingDueOn ?? null;
  const open = c.status !== 'Approved' && c.status !== 'Denied';
  const editable = open && c.status !== 'Committee Review' && c.status !== 'Appeal';
  return {
    providerId,
    provider: { name: profile?.name ?? null, npi: profile?.npi ?? null },
    cycle: c.cycle,
    cycleId: c.cycleId,
    status: c.status,
    startedOn: c.startedOn,
    application: c.application,
    credentials: c.credentials.map((x) => ({ ...x.credential, credentialId: x.credentialId, addedOn: x.addedOn, changedAt: x.changedAt })),
    verifications: c.verifications.map((v) => ({
      verificationId: v.verificationId,
      credentialId: v.credentialId,
      source: v.source,
      method: v.method,
      result: v.result,
      verifiedOn: v.verifiedOn,
      verifiedBy: v.by,
      note: honestNote(v),
      evidence: v.evidence,
      discrepancies: v.discrepancies,
      ...(v.carriedOverFrom !== undefined ? { carriedOverFrom: v.carriedOverFrom } : {}),
      ...(v.source === 'NPPES' && v.result !== 'Verified' ? { resolution: resolutionOf(resolutions, v.verificationId) } : {}),
    })),
    attestation: c.attestation ? { ...c.attestation, explanation: c.attestation.explanation ?? null } : null,
    openItems: open ? openItemsOf(c, now, options) : [],
    decision: c.decision,
    recredentialingDueOn: c.recredentialingDueOn,
    history: c.history,
    cycles: cyclesOf(state),
    approvalInForce: inForce,
    activity: state.activity ?? [],
    people,
    monitoring: {
      exclusion: c.exclusion ?? null,
      status: (c.status === 'Approved' || inForce) && dueOn && dueOn < dayOf(now) ? 'Lapsed' : (lapsesOn(state) ?? '9999-12-31') < dayOf(now) ? 'Expired' : null,
      lapsesOn: lapsesOn(state),
    },
    can: {
      edit: editable && mayDo(actor.role, 'AddCredential'),
      verify: editable && mayDo(actor.role, 'RecordVerification'),
      attest: editable && mayDo(actor.role, 'SignAttestation'),
      submit: editable && mayDo(actor.role, 'SubmitFile'),
      decide: (c.status === 'Committee Review' || c.status === 'Appeal') && mayDo(actor.role, 'DecideFile'),
      start: !open && mayDo(actor.role, 'StartFile'),
    },
    notice: noticeView(providerId, state, actor, now),
    committee: { route: c.committee?.route ?? null, flags: cycleFlags(c, now), outcomes: c.committee?.outcomes ?? [] },
  };
}

function resolutionOf(resolutions: NonNullable<FileState['current']>['nppesResolutions'] & object, verificationId: string): credentialing.NppesResolutionView | null {
  const r = resolutions.find((x) => x.verificationId === verificationId);
  return r ? { resolvedAt: r.at, resolvedBy: r.by, note: r.note, evidence: r.evidence, licences: r.licences } : null;
}
