/**
 * The file's history: every change (who, when, what), every cycle, folded from the events. `by`
 * is a user id (the file view names the people); `what` says the change in words, never a note,
 * an answer or a document.
 */
import { credentialing } from '@app/contracts';
import type { CredentialingEvent } from './credentialing-file.events';
import { credentialLabel } from './open-items';

export type ActivityEntry = credentialing.ActivityView;

type Before = { cycles: number; current: { cycle: number; credentials: { credentialId: string; credential: Parameters<typeof credentialLabel>[0] }[] } | null };

const yesNo = (v: boolean) => (v ? 'yes' : 'no');
/** `AppealRequested` → `Appeal requested` (events this module does not know yet). */
const words = (type: string) => type.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase()).replace(/ ([A-Z])(?=[a-z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

/** What an event changed, as a line of the history (null: nothing to show, e.g. the opening status of a cycle). */
export function activityOf(event: CredentialingEvent, before: Before): ActivityEntry | null {
  const cycle = before.current?.cycle ?? 0;
  const label = (id: string) => {
    const c = before.current?.credentials.find((x) => x.credentialId === id);
    return c ? credentialLabel(c.credential) : 'a credential';
  };
  switch (event.type) {
    case 'FileStarted': {
      const d = event.data;
      return { at: d.startedAt, by: d.startedBy, cycle: d.cycle, what: d.cycle === 1 ? 'Started initial credentialing' : `Started recredentialing (cycle ${d.cycle})` };
    }
    case 'FileStatusChanged': {
      const d = event.data;
      if (d.from === null) return null;
      return { at: d.at, by: d.by, cycle, what: `Status ${d.from} → ${d.to}: ${d.why}` };
    }
    case 'ApplicationDeclared': {
      const d = event.data;
      return { at: d.at, by: d.by, cycle, what: `Answered the application: DEA registration ${yesNo(d.hasDea)}, board certification ${yesNo(d.hasBoardCertification)}` };
    }
    case 'CredentialAdded':
      return { at: event.data.at, by: event.data.by, cycle, what: `Added ${credentialLabel(event.data.credential)}` };
    case 'CredentialUpdated':
      return { at: event.data.at, by: event.data.by, cycle, what: `Changed ${credentialLabel(event.data.credential)}` };
    case 'CredentialRemoved':
      return { at: event.data.at, by: event.data.by, cycle, what: `Removed ${label(event.data.credentialId)}` };
    case 'VerificationRecorded': {
      const d = event.data;
      if (!d.credentialId) return { at: d.at, by: d.by, cycle, what: `${d.source} check (automatic): ${d.result}${d.discrepancies.length ? ` (${d.discrepancies.map((x) => credentialing.discrepancyLabel(x.field)).join(', ')})` : ''}` };
      return { at: d.at, by: d.by, cycle, what: `Verified ${label(d.credentialId)} at ${d.source} (${d.method}): ${d.result}` };
    }
    case 'ExclusionScreened': {
      const d = event.data;
      return { at: d.at, by: d.by, cycle, what: `Exclusion screening (OIG LEIE, ${d.method}): ${d.result}${d.finding !== 'None' ? ` (${d.finding})` : ''}` };
    }
    case 'NppesDiscrepancyResolved': {
      const d = event.data;
      const licences = d.licences.map((l) => label(l.credentialId));
      return {
        at: d.at,
        by: d.by,
        cycle,
        what: `Resolved the NPPES discrepancy${licences.length ? ` with the state board's verification of ${licences.join(', ')}` : ''}${d.evidence ? ' and a document' : ''}`,
      };
    }
    case 'AttestationSigned':
      return { at: event.data.at, by: event.data.by, cycle, what: 'Signed the attestation' };
    case 'FileDecided': {
      const d = event.data;
      return { at: d.at, by: d.by, cycle, what: `Committee decision: ${d.decision}${d.recredentialingDueOn ? ` (recredentialing due ${d.recredentialingDueOn})` : ''}` };
    }
    case 'FileRoutedToCommittee': {
      const d = event.data;
      return { at: d.at, by: d.by, cycle, what: d.route === 'clean' ? 'Routed to the committee as a clean file' : `Routed to a committee meeting, flagged: ${d.flags.map((f) => f.message).join('; ')}` };
    }
    case 'CommitteeOutcomeRecorded': {
      const d = event.data;
      const where = d.meetingId ? 'Committee meeting' : 'Medical Director (clean file)';
      const detail = d.outcome === 'approve-with-conditions' ? `: ${d.conditions} (follow-up ${d.followUpOn})` : d.outcome === 'defer' ? `: ${d.questions}` : '';
      return { at: d.at, by: d.by, cycle, what: `${where}: ${credentialing.MEETING_OUTCOME_LABELS[d.outcome]}${detail}` };
      }
    case 'ItemsChased': {
      const d = event.data;
      return { at: d.at, by: d.by, cycle, what: `Chased the provider by ${d.channels.join(' and ')} for missing items: ${d.items.map((i) => `${i.message} (chase ${i.chase} of ${i.of})`).join('; ')}` };
    }
    default: {
      // An event of a later use case: its name, who and when.
      const e = event as { type: string; data: { at?: unknown; by?: unknown } };
      return typeof e.data?.at === 'string' && typeof e.data?.by === 'string' ? { at: e.data.at, by: e.data.by, cycle, what: words(e.type) } : null;
    }
  }
}
