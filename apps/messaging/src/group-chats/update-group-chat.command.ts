import { Command } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** A group chat's title or members change; who was added, removed or renamed hears of it live. */
export class UpdateGroupChatCommand extends Command<messaging.UpdateGroupChatReply> {
  constructor(readonly input: messaging.UpdateGroupChatRequest) {
    super();
  }
}
