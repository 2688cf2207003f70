import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** The users holding these NPIs (signed-in callers). */
export class SearchUsersByNpiQuery extends Query<{ users: directory.UserSearchItem[] }> {
  constructor(readonly input: directory.SearchUsersByNpiQuery) {
    super();
  }
}
