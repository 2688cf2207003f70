import type { credentialing } from '@app/contracts';
import { mayDo, openItemsOf, type FileActor, type FileState } from '../domain/credentialing-file.decider';
import type { OpenItemOptions } from '../domain/open-items';
import type { ProviderProfile } from '../infrastructure/file-access';
import { dayOf } from '../domain/calendar';
import { lapsesOn } from './files.projection';
import { noticeView } from './notice-view';

/** The file as the API shows it: the current cycle with its open items today and what the caller may do. */
export function toFileView(
  providerId: string,
  state: FileState,
  profile: ProviderProfile | undefined,
  actor: FileActor,
  now: Date,
  options: OpenItemOptions,
): credentialing.FileView | null {
  const c = state.current;
  if (!c) return null;
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
      note: v.note,
      evidence: v.evidence,
      discrepancies: v.discrepancies,
    })),
    attestation: c.attestation ? { ...c.attestation, explanation: c.attestation.explanation ?? null } : null,
    openItems: open ? openItemsOf(c, now, options) : [],
    decision: c.decision,
    recredentialingDueOn: c.recredentialingDueOn,
    history: c.history,
    monitoring: {
      exclusion: c.exclusion ?? null,
      status: c.status === 'Approved' && c.recredentialingDueOn && c.recredentialingDueOn < dayOf(now) ? 'Lapsed' : (lapsesOn(state) ?? '9999-12-31') < dayOf(now) ? 'Expired' : null,
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
  };
}
