import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { messaging } from '@app/contracts';
import { participantsOf } from '../domain/chat.aggregate';
import { ChatAccess, caller } from '../infrastructure/chat-access';
import { ChatWriter } from '../infrastructure/chat.writer';
import { ChatRealtimePublisher } from '../infrastructure/realtime.publisher';
import { ChatReadModel, chatView } from '../read-models/chat-read-model';
import { shapeOf } from '../read-models/chat-views';
import { InitiateGroupChatCommand } from './initiate-group-chat.command';

/** The caller starts a group chat with known users; each member hears of it live. */
@CommandHandler(InitiateGroupChatCommand)
export class InitiateGroupChatHandler implements ICommandHandler<InitiateGroupChatCommand, messaging.InitiateGroupChatReply> {
  constructor(
    private readonly access: ChatAccess,
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
    private readonly realtime: ChatRealtimePublisher,
  ) {}

  async execute({ input }: InitiateGroupChatCommand): Promise<messaging.InitiateGroupChatReply> {
    const { title, members } = input;
    const userId = caller();
    await this.access.requireKnown(members.filter((m) => m !== userId));
    const chatId = randomUUID();
    const result = await this.writer.execute({ type: 'StartGroup', chatId, creatorId: userId, title, members, at: new Date().toISOString() });
    await this.writer.projected(result.globalPositions);
    const users = await this.reads.users(participantsOf(result.state));
    this.realtime.push(result.state.members, 'new-chat-event', (p) => ({ chatType: 1, chat: chatView(shapeOf(result.state, p), users, [], false) }));
    return { newGroupChat: chatView(shapeOf(result.state, userId), users, [], false) as messaging.GroupChatView };
  }
}
