import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { CommitteeAccess } from '../infrastructure/committee-access';
import { MeetingService } from '../infrastructure/meeting.service';
import { GetMeetingQuery } from './get-meeting.query';

/** A meeting, for Committee members, the Medical Director and the master admin (403 otherwise, 404 when none). */
@QueryHandler(GetMeetingQuery)
export class GetMeetingHandler implements IQueryHandler<GetMeetingQuery, credentialing.MeetingReply> {
  constructor(
    private readonly access: CommitteeAccess,
    private readonly view: MeetingService,
  ) {}

  async execute({ input }: GetMeetingQuery): Promise<credentialing.MeetingReply> {
    await this.access.memberOrMasterAdmin();
    return { success: true, meeting: await this.view.view(input.meetingId) };
  }
}
