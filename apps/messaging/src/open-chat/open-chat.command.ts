import { Command } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** getChatRoom / getGroupChatRoom: the room's newest page; opening it reads it (unread 0). */
export class OpenChatCommand extends Command<messaging.OpenChatReply> {
  constructor(readonly input: messaging.OpenChatRequest) {
    super();
  }
}
