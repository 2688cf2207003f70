import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFound } from '@app/nest-kit';
import { ProfilesQueries } from '../read-models/profiles.queries';
import { UserAvatarQuery } from './user-avatar.query';

/** A user's avatar by user name. */
@QueryHandler(UserAvatarQuery)
export class UserAvatarHandler implements IQueryHandler<UserAvatarQuery, { avatar: string | null }> {
  constructor(private readonly queries: ProfilesQueries) {}

  async execute({ input }: UserAvatarQuery): Promise<{ avatar: string | null }> {
    const row = await this.queries.byUserName(input.userName);
    if (!row) throw new NotFound('User not found');
    return { avatar: row.avatar_url };
  }
}
