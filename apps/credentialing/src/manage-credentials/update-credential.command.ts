import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** A credential's fields replaced (its verifications then need redoing). */
export class UpdateCredentialCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.UpdateCredentialPayload>) {
    super();
  }
}
