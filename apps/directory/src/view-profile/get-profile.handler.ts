import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { NotFound } from '@app/nest-kit';
import { ProfileAccess } from '../infrastructure/profile-access';
import { ProfilesQueries, toView } from '../read-models/profiles.queries';
import { GetProfileQuery } from './get-profile.query';

/** A user's profile (contact data on need to know). */
@QueryHandler(GetProfileQuery)
export class GetProfileHandler implements IQueryHandler<GetProfileQuery, { user: directory.ProfileView }> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly queries: ProfilesQueries,
  ) {}

  async execute({ input }: GetProfileQuery): Promise<{ user: directory.ProfileView }> {
    const me = await this.access.actor();
    const row = await this.queries.byId(input.userId);
    if (!row) throw new NotFound('User not found');
    const [user] = await this.access.withContactOnNeedToKnow(me, [toView(row)]);
    return { user };
  }
}
