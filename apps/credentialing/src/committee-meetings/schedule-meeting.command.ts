import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** Schedules a committee meeting: its date, quorum and agenda of flagged files. */
export class ScheduleMeetingCommand extends Command<credentialing.MeetingReply> {
  constructor(readonly input: z.output<typeof credentialing.COMMITTEE_RPC.scheduleMeeting.request>) {
    super();
  }
}
