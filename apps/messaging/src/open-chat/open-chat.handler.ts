import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';
import { participantsOf } from '../domain/chat.aggregate';
import { caller } from '../infrastructure/chat-access';
import { ChatWriter } from '../infrastructure/chat.writer';
import { ChatReadModel, chatView } from '../read-models/chat-read-model';
import { shapeOf } from '../read-models/chat-views';
import { OpenChatCommand } from './open-chat.command';

/** getChatRoom / getGroupChatRoom: the room's newest page; opening it reads it (unread 0). */
@CommandHandler(OpenChatCommand)
export class OpenChatHandler implements ICommandHandler<OpenChatCommand, messaging.OpenChatReply> {
  constructor(
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
  ) {}

  async execute({ input }: OpenChatCommand): Promise<messaging.OpenChatReply> {
    const { chatId, chatType } = input;
    const userId = caller();
    const result = await this.writer.execute({ type: 'OpenChat', chatId, chatType, userId, at: new Date().toISOString() });
    await this.writer.projected(result.globalPositions);
    const chat = await this.reads.room(chatId, userId);
    if (!chat) {
      // Not projected yet (just created elsewhere): answer from the aggregate.
      return { chat: chatView(shapeOf(result.state, userId), await this.reads.users(participantsOf(result.state)), [], result.state.messageCount > 0) };
    }
    return { chat: { ...chat, unread: result.state.unread[userId] ?? 0 } };
  }
}
