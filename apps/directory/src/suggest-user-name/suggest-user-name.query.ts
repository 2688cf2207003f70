import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** First letter of the first name + last name, unique among the profiles (and identity's accounts). */
export class SuggestUserNameQuery extends Query<{ userName: string }> {
  constructor(readonly input: directory.UserNameSuggestionQuery) {
    super();
  }
}
