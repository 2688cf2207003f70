import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** The provider appeals a denial (within 30 days) with a statement and documents: the file goes back to the committee. */
export class RequestAppealCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.AppealPayload>) {
    super();
  }
}

/** The provider adds a document to their appeal while the committee has not decided it. */
export class AddAppealDocumentCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: z.infer<typeof credentialing.AppealDocumentPayload>) {
    super();
  }
}
