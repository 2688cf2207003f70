import { Command } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';

/** The master admin deletes a practice (its unique values are free again). */
export class DeletePracticeCommand extends Command<{ success: true }> {
  constructor(readonly input: practices.PracticeIdRequest) {
    super();
  }
}
