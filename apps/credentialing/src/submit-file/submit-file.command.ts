import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** Submit to the committee: refused (409 naming them) while items are open. */
export class SubmitFileCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.StartFilePayload>) {
    super();
  }
}
