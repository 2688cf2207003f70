import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';
import { NotFound } from '@app/nest-kit';
import { participantsOf } from '../domain/chat.aggregate';
import { dmChatId } from '../domain/chat-id';
import { caller } from '../infrastructure/chat-access';
import { ChatWriter } from '../infrastructure/chat.writer';
import { ChatRealtimePublisher } from '../infrastructure/realtime.publisher';
import { ChatReadModel, chatView } from '../read-models/chat-read-model';
import { shapeOf } from '../read-models/chat-views';
import { InitiateChatCommand } from './initiate-chat.command';

/** The caller starts (or finds) a direct chat with another user; with oneself nothing happens. */
@CommandHandler(InitiateChatCommand)
export class InitiateChatHandler implements ICommandHandler<InitiateChatCommand, messaging.InitiateChatReply> {
  constructor(
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
    private readonly realtime: ChatRealtimePublisher,
  ) {}

  async execute({ input }: InitiateChatCommand): Promise<messaging.InitiateChatReply> {
    const { recipientId } = input;
    const userId = caller();
    // Starting a DM with oneself does nothing.
    if (recipientId === userId) return { newDm: null, existing: false };
    if (!(await this.reads.knownUsers([recipientId])).has(recipientId)) throw new NotFound('User not found');
    const chatId = dmChatId(userId, recipientId);
    const result = await this.writer.execute({ type: 'StartDm', chatId, initiatorId: userId, recipientId, at: new Date().toISOString() });
    const started = result.newEvents.some((e) => e.type === 'ChatStarted');
    await this.writer.projected(result.globalPositions);
    if (started) {
      const users = await this.reads.users(participantsOf(result.state));
      this.realtime.push([recipientId], 'new-chat-event', { chatType: 0, chat: chatView(shapeOf(result.state, recipientId), users, [], false) });
    }
    const newDm = (await this.reads.room(chatId, userId)) as messaging.DmChatView | null;
    return { newDm: newDm ?? (chatView(shapeOf(result.state, userId), await this.reads.users(participantsOf(result.state)), [], false) as messaging.DmChatView), existing: !started };
  }
}
