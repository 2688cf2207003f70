import { Command } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** The master admin asks to clear an NPI (Excluded) match: a reason, a note and the evidence. */
export class RequestClearanceCommand extends Command<credentialing.ExclusionMatchesReply> {
  constructor(readonly input: credentialing.RequestClearancePayload) {
    super();
  }
}
