import { Query } from '@nestjs/cqrs';
import type { GridQuery, directory } from '@app/contracts';

/** The users grid (admins only; the mobile as a filter or sort for the master admin only). */
export class GetUsersQuery extends Query<directory.GetUsersReply> {
  constructor(readonly input: GridQuery) {
    super();
  }
}
