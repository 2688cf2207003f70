import { Query } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';

/** The providers of a practice (by id or NPI), or these owners with their practices. */
export class GetPracticeProvidersQuery extends Query<{ providers: practices.PracticeProviderView[] }> {
  constructor(readonly input: practices.PracticeProvidersQuery) {
    super();
  }
}
