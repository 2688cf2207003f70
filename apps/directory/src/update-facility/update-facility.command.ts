import { Command } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** An admin edits one of their facilities. */
export class UpdateFacilityCommand extends Command<directory.FacilityReply> {
  constructor(readonly input: directory.UpdateFacilityPayload) {
    super();
  }
}
