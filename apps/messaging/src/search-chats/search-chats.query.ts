import { Query } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** The caller's chats and messages matching a term. */
export class SearchChatsQuery extends Query<messaging.SearchReply> {
  constructor(readonly input: messaging.SearchRequest) {
    super();
  }
}
