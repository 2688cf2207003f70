import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** A manual primary-source verification of a credential, with its evidence (an uploaded document). */
export class RecordVerificationCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.RecordVerificationPayload>) {
    super();
  }
}
