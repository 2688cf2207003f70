import { Query } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';

/** A user's practices (the caller's by default), or these practices. */
export class UserPracticesQuery extends Query<{ practices: practices.PracticeListItem[] }> {
  constructor(readonly input: practices.UserPracticesQuery) {
    super();
  }
}
