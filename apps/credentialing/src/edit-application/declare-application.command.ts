import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** The application's questions (does the provider hold a DEA registration, a board certification?). */
export class DeclareApplicationCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.ApplicationPayload>) {
    super();
  }
}
