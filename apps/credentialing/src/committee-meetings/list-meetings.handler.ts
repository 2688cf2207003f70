import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import type { MeetingState } from '../domain/committee-meeting';
import { CommitteeAccess } from '../infrastructure/committee-access';
import { ListMeetingsQuery } from './list-meetings.query';

/** The meetings, newest first (at most 200), for Committee members, the Medical Director and the master admin. */
@QueryHandler(ListMeetingsQuery)
export class ListMeetingsHandler implements IQueryHandler<ListMeetingsQuery, credentialing.MeetingsReply> {
  constructor(
    private readonly access: CommitteeAccess,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute(): Promise<credentialing.MeetingsReply> {
    await this.access.memberOrMasterAdmin();
    const r = await this.pool.query<{ state: NonNullable<MeetingState> }>(`SELECT state FROM committee_meetings ORDER BY meets_on DESC, updated_at DESC LIMIT 200`);
    return {
      success: true,
      meetings: r.rows.map(({ state: m }) => ({
        meetingId: m.meetingId,
        meetsOn: m.meetsOn,
        quorum: m.quorum,
        present: m.present.length,
        files: m.agenda.length,
        decided: m.outcomes.length,
        minutes: m.minutes.length > 0,
      })),
    };
  }
}
