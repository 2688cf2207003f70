import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { dayOf } from '../domain/calendar';
import { CommitteeAccess } from '../infrastructure/committee-access';
import { FileAccess } from '../infrastructure/file-access';
import { MeetingService } from '../infrastructure/meeting.service';
import { MeetingWriter } from '../infrastructure/meeting.writer';
import { GenerateMinutesCommand } from './generate-minutes.command';
import { renderMinutes } from './minutes-pdf';

/**
 * Committee members, the Medical Director or the master admin generate the meeting's minutes: a
 * PDF of who attended and each file's outcome and reasons, stored with the meeting
 * (`committee_minutes`) and named by its `CommitteeMinutesGenerated` event. Generating again
 * (after later outcomes) stores a new version; the latest is served.
 */
@CommandHandler(GenerateMinutesCommand)
export class GenerateMinutesHandler implements ICommandHandler<GenerateMinutesCommand, credentialing.MeetingReply> {
  constructor(
    private readonly access: CommitteeAccess,
    private readonly files: FileAccess,
    private readonly meetings: MeetingWriter,
    private readonly view: MeetingService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ input }: GenerateMinutesCommand): Promise<credentialing.MeetingReply> {
    const actor = await this.access.memberOrMasterAdmin();
    const meeting = await this.view.view(input.meetingId);
    const now = new Date();
    const by = (await this.files.names([actor.userId]))[actor.userId];
    const pdf = await renderMinutes(meeting, { on: dayOf(now), by });
    const minutesId = randomUUID();
    await this.pool.query(`INSERT INTO committee_minutes (minutes_id, meeting_id, file_name, pdf) VALUES ($1, $2, $3, $4)`, [
      minutesId,
      input.meetingId,
      `committee-minutes-${meeting.meetsOn}.pdf`,
      pdf,
    ]);
    await this.meetings.execute({ type: 'RecordMinutes', data: { meetingId: input.meetingId, by: actor.userId, now, minutesId } });
    return { success: true, meeting: await this.view.view(input.meetingId) };
  }
}
