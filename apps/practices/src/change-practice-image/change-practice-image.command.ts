import { Command } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';

/** A practice's banner or avatar becomes an uploaded image. */
export class ChangePracticeImageCommand extends Command<practices.PracticeReply> {
  constructor(readonly input: practices.ChangePracticeImagePayload) {
    super();
  }
}
