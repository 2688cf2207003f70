import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** Users whose names match a term (signed-in callers). */
export class SearchUsersQuery extends Query<{ users: directory.UserSearchItem[] }> {
  constructor(readonly input: directory.SearchUsersQuery) {
    super();
  }
}
