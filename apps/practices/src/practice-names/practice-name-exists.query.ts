import { Query } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';

/** Whether a practice holds this user name or email already. */
export class PracticeNameExistsQuery extends Query<{ isDuplicate: boolean }> {
  constructor(readonly input: practices.ExistsPayload) {
    super();
  }
}
