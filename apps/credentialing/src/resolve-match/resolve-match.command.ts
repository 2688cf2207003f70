import { Command } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** A person resolves a possible exclusion match: Confirmed or Not the same person, with a note and evidence. */
export class ResolveMatchCommand extends Command<credentialing.ExclusionMatchesReply> {
  constructor(readonly input: credentialing.ResolveMatchPayload) {
    super();
  }
}
