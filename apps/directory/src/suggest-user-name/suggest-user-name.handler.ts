import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { IdentityClient } from '../infrastructure/identity.client';
import { ProfilesQueries, firstFreeUserName, userNameBase } from '../read-models/profiles.queries';
import { SuggestUserNameQuery } from './suggest-user-name.query';

/** First letter of the first name + last name, unique among the profiles (and identity's accounts). */
@QueryHandler(SuggestUserNameQuery)
export class SuggestUserNameHandler implements IQueryHandler<SuggestUserNameQuery, { userName: string }> {
  constructor(
    private readonly queries: ProfilesQueries,
    private readonly identity: IdentityClient,
  ) {}

  async execute({ input }: SuggestUserNameQuery): Promise<{ userName: string }> {
    const base = userNameBase(input.firstName, input.lastName);
    const taken = await this.queries.userNamesStartingWith(base);
    for (let i = 0; i < 5; i++) {
      const candidate = firstFreeUserName(base, taken);
      const { isDuplicate } = await this.identity.exists('userName', candidate).catch(() => ({ isDuplicate: false }));
      if (!isDuplicate) return { userName: candidate };
      taken.add(candidate);
    }
    return { userName: firstFreeUserName(base, taken) };
  }
}
