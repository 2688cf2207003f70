import { Query } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** The caller's direct or group chats, newest activity first. */
export class ListChatsQuery extends Query<messaging.ListChatsReply> {
  constructor(readonly input: messaging.ListChatsRequest) {
    super();
  }
}
