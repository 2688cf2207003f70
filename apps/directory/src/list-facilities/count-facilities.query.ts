import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** How many of the caller's facilities the grid's filters match. */
export class CountFacilitiesQuery extends Query<directory.FacilityCountReply> {
  constructor(readonly input: directory.AllFacilitiesRequest) {
    super();
  }
}
