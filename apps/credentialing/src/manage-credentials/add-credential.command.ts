import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** A credential of one of the six kinds joins the current file (a given id makes a retry idempotent). */
export class AddCredentialCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.AddCredentialPayload>) {
    super();
  }
}
