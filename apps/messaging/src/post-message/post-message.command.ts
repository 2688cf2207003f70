import { Command } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** The caller posts a message (text, image or document) to a room they are in. */
export class PostMessageCommand extends Command<messaging.PostMessageReply> {
  constructor(readonly input: messaging.PostMessageRequest) {
    super();
  }
}
