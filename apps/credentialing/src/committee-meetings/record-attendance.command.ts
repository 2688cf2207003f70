import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** Records the members present at a meeting (the quorum counts them). */
export class RecordAttendanceCommand extends Command<credentialing.MeetingReply> {
  constructor(readonly input: z.output<typeof credentialing.COMMITTEE_RPC.recordAttendance.request>) {
    super();
  }
}
