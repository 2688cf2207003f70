import { Query } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';

/** The derived practice name's letters and digits, then 2, 3, ... until free among the practices. */
export class SuggestPracticeUserNameQuery extends Query<{ userName: string }> {
  constructor(readonly input: practices.PracticeUserNameSuggestionQuery) {
    super();
  }
}
