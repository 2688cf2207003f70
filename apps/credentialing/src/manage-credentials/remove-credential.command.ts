import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** A credential leaves the current file. */
export class RemoveCredentialCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.RemoveCredentialPayload>) {
    super();
  }
}
