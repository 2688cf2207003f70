import { Command } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** Staff resolve the NPPES check's discrepancy: a note, a document, the state board's verification of each licence the registry lacks. */
export class ResolveNppesCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: credentialing.NppesResolutionPayload) {
    super();
  }
}
