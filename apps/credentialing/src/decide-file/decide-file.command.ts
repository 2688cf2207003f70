import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** The committee's decision, by the master admin: approval sets the recredentialing due date. */
export class DecideFileCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.DecisionPayload>) {
    super();
  }
}
