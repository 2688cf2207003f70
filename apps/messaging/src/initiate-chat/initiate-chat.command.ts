import { Command } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** The caller starts (or finds) a direct chat with another user; with oneself nothing happens. */
export class InitiateChatCommand extends Command<messaging.InitiateChatReply> {
  constructor(readonly input: messaging.InitiateChatRequest) {
    super();
  }
}
