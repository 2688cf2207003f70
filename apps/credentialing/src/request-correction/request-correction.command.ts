import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** The provider asks the file's staff to correct an item of their file (a note, listed until answered). */
export class RequestCorrectionCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.CorrectionPayload>) {
    super();
  }
}

/** The provider's staff (or the master admin) answer a correction request, which closes it. */
export class AnswerCorrectionCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.AnswerCorrectionPayload>) {
    super();
  }
}
