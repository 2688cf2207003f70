import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { messaging } from '@app/contracts';
import { NotFound } from '@app/nest-kit';
import { ChatAccess, caller } from '../infrastructure/chat-access';
import { ChatWriter } from '../infrastructure/chat.writer';
import { ChatReadModel } from '../read-models/chat-read-model';
import { ReadMessagesQuery } from './read-messages.query';

/** A page of a room's messages before a message (participants only). */
@QueryHandler(ReadMessagesQuery)
export class ReadMessagesHandler implements IQueryHandler<ReadMessagesQuery, messaging.MessagesReply> {
  constructor(
    private readonly access: ChatAccess,
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
  ) {}

  async execute({ input }: ReadMessagesQuery): Promise<messaging.MessagesReply> {
    const { chatId, before, limit } = input;
    const userId = caller();
    await this.access.requireReader(chatId, userId);
    await this.writer.caughtUp();
    const page = await this.reads.messages(chatId, userId, before, limit ?? messaging.CHAT_LIMITS.pageSize);
    if (!page) throw new NotFound('Message not found');
    return page;
  }
}
