import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** A committee meeting: attendance, quorum, the agenda with each file's flags, summary and outcome, the minutes. */
export class GetMeetingQuery extends Query<credentialing.MeetingReply> {
  constructor(readonly input: z.output<typeof credentialing.MeetingIdRequest>) {
    super();
  }
}
