import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticesQueries } from '../read-models/practices.queries';
import { UserPracticesQuery } from './user-practices.query';

/** A user's practices (the caller's by default), or these practices. */
@QueryHandler(UserPracticesQuery)
export class UserPracticesHandler implements IQueryHandler<UserPracticesQuery, { practices: practices.PracticeListItem[] }> {
  constructor(
    private readonly access: PracticeAccess,
    private readonly queries: PracticesQueries,
  ) {}

  async execute({ input }: UserPracticesQuery): Promise<{ practices: practices.PracticeListItem[] }> {
    const actor = await this.access.actor();
    if (input.practiceIds.length && !input.providerId && !input.userId) return { practices: await this.queries.byIds(input.practiceIds) };
    return { practices: await this.queries.ofUser(input.providerId ?? input.userId ?? actor.userId) };
  }
}
