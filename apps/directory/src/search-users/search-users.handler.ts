import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { ProfileAccess } from '../infrastructure/profile-access';
import { ProfilesQueries } from '../read-models/profiles.queries';
import { SearchUsersQuery } from './search-users.query';

/** Users whose names match a term (signed-in callers). */
@QueryHandler(SearchUsersQuery)
export class SearchUsersHandler implements IQueryHandler<SearchUsersQuery, { users: directory.UserSearchItem[] }> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly queries: ProfilesQueries,
  ) {}

  async execute({ input }: SearchUsersQuery): Promise<{ users: directory.UserSearchItem[] }> {
    await this.access.actor();
    return { users: await this.queries.search(input.searchTerm) };
  }
}
