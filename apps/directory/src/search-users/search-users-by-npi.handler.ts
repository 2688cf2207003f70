import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { ProfileAccess } from '../infrastructure/profile-access';
import { ProfilesQueries } from '../read-models/profiles.queries';
import { SearchUsersByNpiQuery } from './search-users-by-npi.query';

/** The users holding these NPIs (signed-in callers). */
@QueryHandler(SearchUsersByNpiQuery)
export class SearchUsersByNpiHandler implements IQueryHandler<SearchUsersByNpiQuery, { users: directory.UserSearchItem[] }> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly queries: ProfilesQueries,
  ) {}

  async execute({ input }: SearchUsersByNpiQuery): Promise<{ users: directory.UserSearchItem[] }> {
    await this.access.actor();
    return { users: await this.queries.byNpis(input.ids) };
  }
}
