/**
 * The committee's part of a provider's file: the route at submission (clean or flagged, with the
 * flags of that day) and the committee's outcomes: the Medical Director's approval of a clean
 * file, or a meeting's outcome (approve, approve with conditions, deny, defer back to staff). An
 * approval or a denial is the file's decision (`FileDecided`: its letter and notice reach the
 * provider as every decision's); a deferral sends the file back to Verification with the
 * committee's questions.
 */
import { credentialing } from '@app/contracts';
import { DomainError } from '@app/errors';
import { addMonths, dayOf } from './calendar';
import { flagsOf, routeOf } from './committee-flags';
import { OpenItemsRemain, ValidationFailed, WrongStatus } from './credentialing.errors';
import type { CredentialingEvent } from './credentialing-file.events';
import type { Cycle, FileActor } from './credentialing-file.decider';

export type CommitteeEventData = { providerId: string; cycleId: string; at: string; by: string };

/** On submission: the file's route and the flags that decided it. */
export type FileRoutedToCommittee = {
  type: 'FileRoutedToCommittee';
  data: CommitteeEventData & { route: credentialing.CommitteeRoute; flags: credentialing.FileFlag[] };
};
/** The committee's outcome for the file: by the Medical Director alone (`meetingId` null, a clean file) or at a meeting. */
export type CommitteeOutcomeRecorded = {
  type: 'CommitteeOutcomeRecorded';
  data: CommitteeEventData & {
    outcome: credentialing.MeetingOutcome;
    meetingId: string | null;
    conditions: string | null;
    followUpOn: string | null;
    reasons: credentialing.DenialReason[];
    note: string | null;
    questions: string | null;
    /** The decision letter of an approval or a denial (null for a deferral). */
    letterId: string | null;
  };
};
export type CommitteeFileEvent = FileRoutedToCommittee | CommitteeOutcomeRecorded;

/** What the committee adds to a cycle (absent in cycles folded before: read as none). */
export type CommitteeCycle = { committee?: { route: credentialing.CommitteeRoute | null; flagsAtSubmission: credentialing.FileFlag[]; outcomes: credentialing.CommitteeOutcomeView[] } };

/** `committee`: a Committee member or the Medical Director (checked by the caller from the learned roles). */
export type RecordCommitteeOutcome = {
  type: 'RecordCommitteeOutcome';
  data: { providerId: string; actor: FileActor; now: Date; meetingId: string | null; letterId: string } & credentialing.OutcomeInput;
};

export class FileFlagged extends DomainError {
  constructor(readonly flags: credentialing.FileFlag[]) {
    super('conflict', `The file is flagged (${flags.map((f) => f.message).join('; ')}): it goes to a committee meeting`, { code: 'file_flagged' });
  }
}

/** The flags of the cycle today. */
export function cycleFlags(c: Cycle, now: Date): credentialing.FileFlag[] {
  return flagsOf(c, dayOf(now));
}

/** A file is clean when it was routed clean (or before routing existed) and carries no flag today. */
export function effectiveRoute(c: Cycle, now: Date): credentialing.CommitteeRoute {
  if (c.committee?.route === 'flagged') return 'flagged';
  return routeOf(cycleFlags(c, now));
}

/** The route event that follows a submission. */
export function routeOnSubmit(c: Cycle, providerId: string, now: Date, by: string): FileRoutedToCommittee {
  const flags = cycleFlags(c, now);
  return { type: 'FileRoutedToCommittee', data: { providerId, cycleId: c.cycleId, route: routeOf(flags), flags, at: now.toISOString(), by } };
}

/**
 * The committee's outcome: a file in Committee Review; the Medical Director alone approves only
 * a clean file; an approval closes no open item by itself (re-computed on the decision day by
 * the caller: `openItemsToday`).
 */
export function decideCommitteeOutcome(command: RecordCommitteeOutcome, c: Cycle, openItemsToday: () => credentialing.OpenItem[]): CredentialingEvent[] {
  const d = command.data;
  const { providerId, now } = d;
  const at = now.toISOString();
  const by = d.actor.userId;
  if (c.status !== 'Committee Review') throw new WrongStatus(`Only a file in Committee Review goes before the committee (this one is ${c.status})`);
  if (!d.meetingId) {
    if (d.outcome !== 'approve') throw new ValidationFailed('outcome', 'outcome: the Medical Director alone only approves clean files; other outcomes are decided at a meeting');
    if (effectiveRoute(c, now) === 'flagged') throw new FileFlagged(cycleFlags(c, now).length ? cycleFlags(c, now) : (c.committee?.flagsAtSubmission ?? []));
  }
  const approving = d.outcome === 'approve' || d.outcome === 'approve-with-conditions';
  if (approving) {
    const items = openItemsToday();
    if (items.length) throw new OpenItemsRemain(items);
  }
  if (d.outcome === 'approve-with-conditions' && d.followUpOn && d.followUpOn <= dayOf(now)) throw new ValidationFailed('followUpOn', 'followUpOn: a follow-up date after today');
  const recorded: CommitteeOutcomeRecorded = {
    type: 'CommitteeOutcomeRecorded',
    data: {
      providerId,
      cycleId: c.cycleId,
      outcome: d.outcome,
      meetingId: d.meetingId,
      conditions: d.outcome === 'approve-with-conditions' ? (d.conditions ?? null) : null,
      followUpOn: d.outcome === 'approve-with-conditions' ? (d.followUpOn ?? null) : null,
      reasons: d.outcome === 'deny' ? [...new Set(d.reasons)] : [],
      note: d.note ?? null,
      questions: d.outcome === 'defer' ? (d.questions ?? null) : null,
      letterId: d.outcome === 'defer' ? null : d.letterId,
      at,
      by,
    },
  };
  const where = d.meetingId ? 'Committee meeting' : 'Medical Director (clean file)';
  if (d.outcome === 'defer') {
    return [recorded, { type: 'FileStatusChanged', data: { providerId, cycleId: c.cycleId, from: c.status, to: 'Verification', at, by, why: `${where}: deferred to staff: ${d.questions}` } }];
  }
  const decision: credentialing.Decision = approving ? 'Approved' : 'Denied';
  const decidedOn = dayOf(now);
  const note = d.outcome === 'deny' ? d.note! : d.outcome === 'approve-with-conditions' ? `Approved with conditions: ${d.conditions}` : (d.note ?? `Approved by the ${where}`);
  return [
    recorded,
    {
      type: 'FileDecided',
      data: {
        providerId,
        cycleId: c.cycleId,
        decision,
        note,
        decidedOn,
        recredentialingDueOn: approving ? addMonths(decidedOn, credentialing.RECREDENTIALING_MONTHS) : null,
        reasons: recorded.data.reasons,
        appeal: false,
        letterId: d.letterId,
        ...(recorded.data.conditions ? { conditions: { text: recorded.data.conditions, followUpOn: recorded.data.followUpOn } } : {}),
        at,
        by,
      },
    },
    { type: 'FileStatusChanged', data: { providerId, cycleId: c.cycleId, from: c.status, to: decision, at, by, why: `${where}: ${credentialing.MEETING_OUTCOME_LABELS[d.outcome]}` } },
  ];
}

export function evolveCommittee(c: Cycle, event: CommitteeFileEvent): Cycle {
  const committee = c.committee ?? { route: null, flagsAtSubmission: [], outcomes: [] };
  if (event.type === 'FileRoutedToCommittee') return { ...c, committee: { ...committee, route: event.data.route, flagsAtSubmission: event.data.flags } };
  const { providerId: _p, cycleId: _c, letterId: _l, ...outcome } = event.data;
  // A deferral sends the file back: its next submission routes it again.
  return { ...c, committee: { ...committee, ...(outcome.outcome === 'defer' ? { route: null } : {}), outcomes: [...committee.outcomes, outcome] } };
}
