import { Command } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** The caller has read a room up to a message. */
export class MarkReadCommand extends Command<messaging.MarkReadReply> {
  constructor(readonly input: messaging.MarkReadRequest) {
    super();
  }
}
