import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** Generates the meeting's minutes (PDF) and stores them with the meeting. */
export class GenerateMinutesCommand extends Command<credentialing.MeetingReply> {
  constructor(readonly input: z.output<typeof credentialing.MeetingIdRequest>) {
    super();
  }
}
