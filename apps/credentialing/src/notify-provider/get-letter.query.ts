import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** A decision letter's PDF, for those who may see the file. */
export class GetLetterQuery extends Query<credentialing.LetterReply> {
  constructor(readonly input: z.infer<typeof credentialing.LetterRequest>) {
    super();
  }
}
