import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** The meeting's outcome for a file on its agenda: approve, approve with conditions, deny or defer. */
export class RecordOutcomeCommand extends Command<credentialing.MeetingReply> {
  constructor(readonly input: z.output<typeof credentialing.COMMITTEE_RPC.recordOutcome.request>) {
    super();
  }
}
