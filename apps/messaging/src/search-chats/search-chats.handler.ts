import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';
import { caller } from '../infrastructure/chat-access';
import { ChatWriter } from '../infrastructure/chat.writer';
import { ChatReadModel } from '../read-models/chat-read-model';
import { SearchChatsQuery } from './search-chats.query';

/** The caller's chats and messages matching a term. */
@QueryHandler(SearchChatsQuery)
export class SearchChatsHandler implements IQueryHandler<SearchChatsQuery, messaging.SearchReply> {
  constructor(
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
  ) {}

  async execute({ input }: SearchChatsQuery): Promise<messaging.SearchReply> {
    const userId = caller();
    await this.writer.caughtUp();
    return this.reads.search(userId, input.searchTerm);
  }
}
