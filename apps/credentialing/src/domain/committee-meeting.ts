/**
 * A committee meeting (stream `committee-meeting-<id>`): its date and quorum, the agenda (the
 * flagged files with their flags at scheduling), the members present, the outcome of each file
 * and the minutes generated. Plain decide / evolve; the caller checks who acts (a Committee
 * member or the Medical Director for attendance and outcomes; the master admin may schedule and
 * generate the minutes too) and passes the clock.
 */
import type { credentialing } from '@app/contracts';
import { Conflict, DomainError, NotFound } from '@app/errors';
import { ValidationFailed } from './credentialing.errors';

type Base = { meetingId: string; at: string; by: string };
export type AgendaItem = { providerId: string; cycleId: string; flags: credentialing.FileFlag[] };
export type MeetingOutcomeEntry = Omit<credentialing.CommitteeOutcomeView, 'meetingId'> & { providerId: string; cycleId: string; letterId: string | null };

export type CommitteeMeetingScheduled = { type: 'CommitteeMeetingScheduled'; data: Base & { meetsOn: string; quorum: number; agenda: AgendaItem[] } };
export type CommitteeAttendanceRecorded = { type: 'CommitteeAttendanceRecorded'; data: Base & { present: string[] } };
export type CommitteeMeetingOutcomeRecorded = { type: 'CommitteeMeetingOutcomeRecorded'; data: Base & MeetingOutcomeEntry & { present: string[] } };
export type CommitteeMinutesGenerated = { type: 'CommitteeMinutesGenerated'; data: Base & { minutesId: string } };
export type MeetingEvent = CommitteeMeetingScheduled | CommitteeAttendanceRecorded | CommitteeMeetingOutcomeRecorded | CommitteeMinutesGenerated;

export type MeetingState = {
  meetingId: string;
  meetsOn: string;
  quorum: number;
  agenda: AgendaItem[];
  present: string[];
  outcomes: MeetingOutcomeEntry[];
  minutes: { minutesId: string; at: string; by: string }[];
  createdAt: string;
  createdBy: string;
} | null;

type Cmd<T extends string, D> = { type: T; data: { meetingId: string; by: string; now: Date } & D };
export type ScheduleMeeting = Cmd<'ScheduleMeeting', { meetsOn: string; quorum: number; agenda: AgendaItem[] }>;
/** `members`: who may be recorded present (the designated Committee members and Medical Directors). */
export type RecordAttendance = Cmd<'RecordAttendance', { present: string[]; members: ReadonlySet<string> }>;
export type RecordMeetingOutcome = Cmd<'RecordMeetingOutcome', { outcome: MeetingOutcomeEntry }>;
export type RecordMinutes = Cmd<'RecordMinutes', { minutesId: string }>;
export type MeetingCommand = ScheduleMeeting | RecordAttendance | RecordMeetingOutcome | RecordMinutes;

export const meetingStreamId = (meetingId: string) => `committee-meeting-${meetingId}`;

export class MeetingNotFound extends NotFound {
  constructor() {
    super('No such committee meeting');
  }
}
/** An outcome recorded without quorum: refused, naming how many are present and how many are needed. */
export class QuorumNotMet extends DomainError {
  constructor(present: number, quorum: number) {
    super('conflict', `No quorum: ${present} member${present === 1 ? '' : 's'} present, the meeting needs ${quorum}; record the attendance first`, { code: 'quorum_not_met' });
  }
}

/** The meeting's quorum is met by the members present. */
export const quorumMet = (m: NonNullable<MeetingState>) => m.present.length >= m.quorum;

/** Whether the meeting's outcome for a file may still be recorded (the file is on the agenda, undecided there). */
export function agendaItem(m: NonNullable<MeetingState>, providerId: string): AgendaItem {
  const item = m.agenda.find((a) => a.providerId === providerId);
  if (!item) throw new NotFound('This file is not on the meeting’s agenda');
  if (m.outcomes.some((o) => o.providerId === providerId && o.cycleId === item.cycleId)) throw new Conflict('The meeting has already decided this file');
  return item;
}

/** Checks an outcome against the meeting (quorum, agenda) before the file's own decision is written. */
export function checkOutcome(state: MeetingState, providerId: string): AgendaItem {
  if (!state) throw new MeetingNotFound();
  if (!quorumMet(state)) throw new QuorumNotMet(state.present.length, state.quorum);
  return agendaItem(state, providerId);
}

export function decideMeeting(command: MeetingCommand, state: MeetingState): MeetingEvent[] {
  const { meetingId, by, now } = command.data;
  const at = now.toISOString();
  if (command.type === 'ScheduleMeeting') {
    if (state) return []; // the same meeting id again: already scheduled
    const { meetsOn, quorum, agenda } = command.data;
    if (!agenda.length) throw new ValidationFailed('providerIds', 'providerIds: no flagged file awaits a meeting (the agenda would be empty)');
    return [{ type: 'CommitteeMeetingScheduled', data: { meetingId, meetsOn, quorum, agenda, at, by } }];
  }
  if (!state) throw new MeetingNotFound();
  switch (command.type) {
    case 'RecordAttendance': {
      const present = [...new Set(command.data.present)];
      const stranger = present.find((id) => !command.data.members.has(id));
      if (stranger) throw new ValidationFailed('present', 'present: only Committee members and the Medical Director attend as members');
      if (present.length === state.present.length && present.every((id) => state.present.includes(id))) return [];
      return [{ type: 'CommitteeAttendanceRecorded', data: { meetingId, present, at, by } }];
    }
    case 'RecordMeetingOutcome': {
      const o = command.data.outcome;
      checkOutcome(state, o.providerId);
      return [{ type: 'CommitteeMeetingOutcomeRecorded', data: { meetingId, ...o, present: state.present, at, by } }];
    }
    case 'RecordMinutes':
      return [{ type: 'CommitteeMinutesGenerated', data: { meetingId, minutesId: command.data.minutesId, at, by } }];
  }
}

export function evolveMeeting(state: MeetingState, event: MeetingEvent): MeetingState {
  if (event.type === 'CommitteeMeetingScheduled') {
    const d = event.data;
    return { meetingId: d.meetingId, meetsOn: d.meetsOn, quorum: d.quorum, agenda: d.agenda, present: [], outcomes: [], minutes: [], createdAt: d.at, createdBy: d.by };
  }
  if (!state) return state;
  switch (event.type) {
    case 'CommitteeAttendanceRecorded':
      return { ...state, present: event.data.present };
    case 'CommitteeMeetingOutcomeRecorded': {
      const { meetingId: _m, present: _p, ...outcome } = event.data;
      return { ...state, outcomes: [...state.outcomes, outcome] };
    }
    case 'CommitteeMinutesGenerated':
      return { ...state, minutes: [...state.minutes, { minutesId: event.data.minutesId, at: event.data.at, by: event.data.by }] };
  }
}

export const initialMeetingState = (): MeetingState => null;
