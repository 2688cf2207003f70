import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** The caller's facilities grid (admins only; every read scoped to the owner). */
export class ListFacilitiesQuery extends Query<directory.AllFacilitiesReply> {
  constructor(readonly input: directory.AllFacilitiesRequest) {
    super();
  }
}
