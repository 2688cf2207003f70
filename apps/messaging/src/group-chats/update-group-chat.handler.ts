import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';
import { participantsOf } from '../domain/chat.aggregate';
import { ChatAccess, caller } from '../infrastructure/chat-access';
import { ChatWriter } from '../infrastructure/chat.writer';
import { ChatRealtimePublisher } from '../infrastructure/realtime.publisher';
import { ChatReadModel, chatView } from '../read-models/chat-read-model';
import { shapeOf } from '../read-models/chat-views';
import { UpdateGroupChatCommand } from './update-group-chat.command';

/** A group chat's title or members change; who was added, removed or renamed hears of it live. */
@CommandHandler(UpdateGroupChatCommand)
export class UpdateGroupChatHandler implements ICommandHandler<UpdateGroupChatCommand, messaging.UpdateGroupChatReply> {
  constructor(
    private readonly access: ChatAccess,
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
    private readonly realtime: ChatRealtimePublisher,
  ) {}

  async execute({ input }: UpdateGroupChatCommand): Promise<messaging.UpdateGroupChatReply> {
    const { chatId, title, members } = input;
    const userId = caller();
    const before = await this.writer.load(chatId);
    await this.access.requireKnown(members.filter((m) => m !== userId && !before.members.includes(m)));
    const result = await this.writer.execute({ type: 'UpdateGroup', chatId, actorId: userId, title, members, at: new Date().toISOString() });
    await this.writer.projected(result.globalPositions);
    const state = result.state;
    const users = await this.reads.users([...participantsOf(state), ...before.members]);
    for (const e of result.newEvents) {
      if (e.type === 'GroupChatRenamed') this.realtime.push(participantsOf(state).filter((p) => p !== userId), 'gc-title-update-event', { title: e.data.title, chatId });
      if (e.type === 'GroupMembersAdded') {
        const room = await this.reads.room(chatId, e.data.userIds[0]);
        this.realtime.push(e.data.userIds, 'new-chat-event', { chatType: 1, chat: room ?? chatView(shapeOf(state, e.data.userIds[0]), users, [], false) });
      }
      if (e.type === 'GroupMembersRemoved') this.realtime.push(e.data.userIds, 'delete-chat-event', { chatId, chatType: 1 });
    }
    const chat = (await this.reads.room(chatId, userId)) ?? chatView(shapeOf(state, userId), users, [], false);
    return { chat: chat as messaging.GroupChatView };
  }
}
