import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { practices } from '@app/contracts';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticesQueries } from '../read-models/practices.queries';
import { SuggestPracticeUserNameQuery } from './suggest-practice-user-name.query';

/** The derived practice name's letters and digits, then 2, 3, ... until free among the practices. */
@QueryHandler(SuggestPracticeUserNameQuery)
export class SuggestPracticeUserNameHandler implements IQueryHandler<SuggestPracticeUserNameQuery, { userName: string }> {
  constructor(
    private readonly access: PracticeAccess,
    private readonly queries: PracticesQueries,
  ) {}

  async execute({ input }: SuggestPracticeUserNameQuery): Promise<{ userName: string }> {
    await this.access.actor();
    const base = practices.practiceUserNameBase(input.organizationName);
    return { userName: firstFreeUserName(base, await this.queries.userNamesStartingWith(base)) };
  }
}

/** The first of base, base2, base3... not in `taken` (at most 20 characters). */
export function firstFreeUserName(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; n < 100_000; n++) {
    const candidate = `${base.slice(0, 20 - String(n).length)}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
  return `${base.slice(0, 12)}${Date.now().toString(36).slice(-8)}`;
}
