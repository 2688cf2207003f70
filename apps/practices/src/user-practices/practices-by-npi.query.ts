import { Query } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';

/** Which of these registry NPIs are practices already. */
export class PracticesByNpiQuery extends Query<{ practices: { npi: string; userName: string; _id: string }[] }> {
  constructor(readonly input: practices.PracticesByNpiQuery) {
    super();
  }
}
