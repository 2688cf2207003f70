import { Command } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** An admin deletes one of their facilities. */
export class DeleteFacilityCommand extends Command<directory.DeleteFacilityReply> {
  constructor(readonly input: directory.FacilityIdRequest) {
    super();
  }
}
