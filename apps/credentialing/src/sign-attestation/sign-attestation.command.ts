import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** The provider answers the attestation questions and signs (typed name and date). */
export class SignAttestationCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.AttestationPayload>) {
    super();
  }
}
