import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { Conflict } from '@app/errors';
import { CommitteeAccess } from '../infrastructure/committee-access';
import { CommitteeFiles } from '../infrastructure/committee-files';
import { MeetingService } from '../infrastructure/meeting.service';
import { MeetingWriter } from '../infrastructure/meeting.writer';
import { ScheduleMeetingCommand } from './schedule-meeting.command';

/**
 * Committee members, the Medical Director or the master admin schedule a meeting: its date, its
 * quorum (default 3) and its agenda: the files named (each in Committee Review and on no other
 * meeting's agenda, 409 naming it otherwise), or every flagged file awaiting a meeting.
 */
@CommandHandler(ScheduleMeetingCommand)
export class ScheduleMeetingHandler implements ICommandHandler<ScheduleMeetingCommand, credentialing.MeetingReply> {
  constructor(
    private readonly access: CommitteeAccess,
    private readonly files: CommitteeFiles,
    private readonly meetings: MeetingWriter,
    private readonly view: MeetingService,
  ) {}

  async execute({ input }: ScheduleMeetingCommand): Promise<credentialing.MeetingReply> {
    const actor = await this.access.memberOrMasterAdmin();
    const now = new Date();
    const existing = await this.meetings.load(input.meetingId);
    if (!existing) {
      const named = input.providerIds ? [...new Set(input.providerIds)] : undefined;
      const entries = await this.files.inReview(now, named);
      if (named) {
        const found = new Set(entries.map((e) => e.providerId));
        const missing = named.filter((id) => !found.has(id));
        if (missing.length) {
          const names = await this.access.providerNames(missing);
          throw new Conflict(`Not in Committee Review: ${missing.map((id) => names[id]).join('; ')}`, 'providerIds');
        }
        const elsewhere = entries.filter((e) => e.meetingId);
        if (elsewhere.length) throw new Conflict(`Already on another meeting's agenda: ${elsewhere.map((e) => e.provider ?? e.providerId).join('; ')}`, 'providerIds');
      }
      const agenda = (named ? entries : entries.filter((e) => e.route === 'flagged' && !e.meetingId)).map((e) => ({ providerId: e.providerId, cycleId: e.cycleId, flags: e.flags }));
      await this.meetings.execute({ type: 'ScheduleMeeting', data: { meetingId: input.meetingId, by: actor.userId, now, meetsOn: input.meetsOn, quorum: input.quorum, agenda } });
    }
    return { success: true, meeting: await this.view.view(input.meetingId) };
  }
}
