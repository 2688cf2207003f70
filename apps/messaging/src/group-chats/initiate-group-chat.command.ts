import { Command } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** The caller starts a group chat with known users; each member hears of it live. */
export class InitiateGroupChatCommand extends Command<messaging.InitiateGroupChatReply> {
  constructor(readonly input: messaging.InitiateGroupChatRequest) {
    super();
  }
}
