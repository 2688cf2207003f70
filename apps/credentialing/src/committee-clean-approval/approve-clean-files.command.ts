import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** The Medical Director approves clean files in Committee Review, one or a batch (NCQA's designated clean-file approval). */
export class ApproveCleanFilesCommand extends Command<credentialing.BatchApprovalReply> {
  constructor(readonly input: z.output<typeof credentialing.CleanApprovalInput>) {
    super();
  }
}
