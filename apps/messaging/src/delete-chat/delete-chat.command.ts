import { Command } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** The caller deletes a chat for themself (it comes back with the next message). */
export class DeleteChatCommand extends Command<messaging.DeleteChatReply> {
  constructor(readonly input: messaging.DeleteChatRequest) {
    super();
  }
}
