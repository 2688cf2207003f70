import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import { qualifiedTable } from '@app/nest-kit';
import { evolveMeeting, type MeetingEvent, type MeetingState } from '../domain/committee-meeting';

export const MEETING_EVENT_TYPES = [
  'CommitteeMeetingScheduled',
  'CommitteeAttendanceRecorded',
  'CommitteeMeetingOutcomeRecorded',
  'CommitteeMinutesGenerated',
] as const satisfies readonly MeetingEvent['type'][];

/** The committee's meetings (`committee_meetings`): each meeting folded from its stream, for the list and the queue. */
@Injectable()
export class CommitteeMeetingsProjection implements Projection {
  readonly name = 'committee-meetings';
  readonly eventTypes = MEETING_EVENT_TYPES;

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const t = qualifiedTable(em, 'committee_meetings');
    const e = { type: event.type, data: event.data } as MeetingEvent;
    const rows = await em.execute<{ state: MeetingState }[]>(`SELECT state FROM ${t} WHERE meeting_id = ? FOR UPDATE`, [e.data.meetingId]);
    const state = evolveMeeting(rows[0]?.state ?? null, e);
    if (!state) return;
    await em.execute(
      `INSERT INTO ${t} (meeting_id, meets_on, state) VALUES (?, ?, ?::jsonb)
       ON CONFLICT (meeting_id) DO UPDATE SET meets_on = EXCLUDED.meets_on, state = EXCLUDED.state, updated_at = now()`,
      [state.meetingId, state.meetsOn, JSON.stringify(state)],
    );
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute(`DELETE FROM ${qualifiedTable(em, 'committee_meetings')}`);
  }
}
