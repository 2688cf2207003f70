import { Command } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';

/** The master admin creates a practice with its owners (its NPI, user name and email unique among the practices). */
export class CreatePracticeCommand extends Command<practices.PracticeReply> {
  constructor(readonly input: practices.CreatePracticePayload) {
    super();
  }
}
