import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';
import { caller } from '../infrastructure/chat-access';
import { ChatWriter } from '../infrastructure/chat.writer';
import { ChatReadModel } from '../read-models/chat-read-model';
import { ChatBadgeQuery } from './chat-badge.query';

/** Whether the chat icon shows its badge (also what the gateway asks for the signed-in user record). */
@QueryHandler(ChatBadgeQuery)
export class ChatBadgeHandler implements IQueryHandler<ChatBadgeQuery, messaging.BadgeReply> {
  constructor(
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
  ) {}

  async execute({ input }: ChatBadgeQuery): Promise<messaging.BadgeReply> {
    await this.writer.caughtUp();
    return { showChatIconBadge: await this.reads.badge(input.userId ?? caller()) };
  }
}
