import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { Forbidden } from '@app/nest-kit';
import { ProfileAccess } from '../infrastructure/profile-access';
import { ProfilesQueries } from '../read-models/profiles.queries';
import { GetUsersQuery } from './get-users.query';

/** The users grid (admins only; the mobile as a filter or sort for the master admin only). */
@QueryHandler(GetUsersQuery)
export class GetUsersHandler implements IQueryHandler<GetUsersQuery, directory.GetUsersReply> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly queries: ProfilesQueries,
  ) {}

  async execute({ input }: GetUsersQuery): Promise<directory.GetUsersReply> {
    const me = await this.access.requireAdmin();
    // A filter or a sort on the mobile would let an administrator probe a stranger's number
    // through which rows come back: only the master admin, who sees every number, may use one.
    if (!me.is_master_admin && (input.filters?.mobile || input.sorting?.mobile)) {
      throw new Forbidden('Only the master admin may filter or sort users by mobile', 'contact_data');
    }
    const grid = await this.queries.grid(input);
    return { ...grid, users: await this.access.withContactOnNeedToKnow(me, grid.users) };
  }
}
