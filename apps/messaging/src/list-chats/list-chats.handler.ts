import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';
import { caller } from '../infrastructure/chat-access';
import { ChatWriter } from '../infrastructure/chat.writer';
import { ChatReadModel } from '../read-models/chat-read-model';
import { ListChatsQuery } from './list-chats.query';

/** The caller's direct or group chats, newest activity first. */
@QueryHandler(ListChatsQuery)
export class ListChatsHandler implements IQueryHandler<ListChatsQuery, messaging.ListChatsReply> {
  constructor(
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
  ) {}

  async execute({ input }: ListChatsQuery): Promise<messaging.ListChatsReply> {
    const { chatType } = input;
    await this.writer.caughtUp();
    const list = await this.reads.list(caller(), chatType);
    return chatType === 0 ? { chats: list as messaging.DmChatView[] } : { groupChats: list as messaging.GroupChatView[] };
  }
}
