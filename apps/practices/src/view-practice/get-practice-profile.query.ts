import { Query } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';

/** A practice's profile by its NPI. */
export class GetPracticeProfileQuery extends Query<{ success: true; practice: practices.PracticeProfile }> {
  constructor(readonly input: practices.PracticeProfileQuery) {
    super();
  }
}
