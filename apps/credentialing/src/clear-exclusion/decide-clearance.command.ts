import { Command } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** A second person confirms or rejects a pending clearance. */
export class DecideClearanceCommand extends Command<credentialing.ExclusionMatchesReply> {
  constructor(readonly input: credentialing.DecideClearancePayload) {
    super();
  }
}
