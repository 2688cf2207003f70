import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** One of the caller's facilities. */
export class GetFacilityQuery extends Query<directory.FacilityReply> {
  constructor(readonly input: directory.FacilityIdRequest) {
    super();
  }
}
