import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { CommitteeAccess } from '../infrastructure/committee-access';
import { MeetingService } from '../infrastructure/meeting.service';
import { MeetingWriter } from '../infrastructure/meeting.writer';
import { RecordAttendanceCommand } from './record-attendance.command';

/** A Committee member or the Medical Director records who is present (only designated members count: 400 `present` otherwise). */
@CommandHandler(RecordAttendanceCommand)
export class RecordAttendanceHandler implements ICommandHandler<RecordAttendanceCommand, credentialing.MeetingReply> {
  constructor(
    private readonly access: CommitteeAccess,
    private readonly meetings: MeetingWriter,
    private readonly view: MeetingService,
  ) {}

  async execute({ input }: RecordAttendanceCommand): Promise<credentialing.MeetingReply> {
    const actor = await this.access.member();
    const members = new Set((await this.access.members()).map((m) => m.userId));
    await this.meetings.execute({ type: 'RecordAttendance', data: { meetingId: input.meetingId, by: actor.userId, now: new Date(), present: input.present, members } });
    return { success: true, meeting: await this.view.view(input.meetingId) };
  }
}
