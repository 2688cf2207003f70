import { Query } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** A page of a room's messages before a message (participants only). */
export class ReadMessagesQuery extends Query<messaging.MessagesReply> {
  constructor(readonly input: messaging.MessagesRequest) {
    super();
  }
}
