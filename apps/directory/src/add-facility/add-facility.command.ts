import { Command } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** An admin adds a facility to their own list. */
export class AddFacilityCommand extends Command<directory.FacilityReply> {
  constructor(readonly input: directory.AddFacilityPayload) {
    super();
  }
}
