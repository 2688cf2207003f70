import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { NotFound } from '@app/errors';
import { PG_POOL } from '@app/nest-kit';
import { CommitteeAccess } from '../infrastructure/committee-access';
import { GetMinutesQuery } from './get-minutes.query';

/** A meeting's minutes PDF (the latest, or the one named), for Committee members, the Medical Director and the master admin (403 otherwise). */
@QueryHandler(GetMinutesQuery)
export class GetMinutesHandler implements IQueryHandler<GetMinutesQuery, credentialing.MinutesReply> {
  constructor(
    private readonly access: CommitteeAccess,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ input }: GetMinutesQuery): Promise<credentialing.MinutesReply> {
    await this.access.memberOrMasterAdmin();
    const r = await this.pool.query<{ file_name: string; pdf: Buffer }>(
      `SELECT file_name, pdf FROM committee_minutes WHERE meeting_id = $1 ${input.minutesId ? 'AND minutes_id = $2' : ''} ORDER BY created_at DESC LIMIT 1`,
      input.minutesId ? [input.meetingId, input.minutesId] : [input.meetingId],
    );
    if (!r.rows[0]) throw new NotFound('No minutes generated for this meeting yet');
    return { fileName: r.rows[0].file_name, contentBase64: r.rows[0].pdf.toString('base64') };
  }
}
