import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** Opens a credentialing cycle for a provider profile: the first, or recredentialing after a decision. */
export class StartFileCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.StartFilePayload>) {
    super();
  }
}
