import { Command } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';

/** An owner (or the master admin) edits a practice's details and its users. */
export class EditPracticeCommand extends Command<practices.PracticeReply> {
  constructor(readonly input: practices.UpdatePracticePayload) {
    super();
  }
}
