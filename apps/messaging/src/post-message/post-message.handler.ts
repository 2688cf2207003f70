import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';
import { participantsOf } from '../domain/chat.aggregate';
import type { ChatEvent, MessagePosted } from '../domain/chat.events';
import { caller } from '../infrastructure/chat-access';
import { ChatWriter } from '../infrastructure/chat.writer';
import { ChatRealtimePublisher } from '../infrastructure/realtime.publisher';
import { ChatReadModel, chatView } from '../read-models/chat-read-model';
import { postedView, shapeOf } from '../read-models/chat-views';
import { PostMessageCommand } from './post-message.command';

/**
 * Posts through the room's aggregate, then pushes the message live to everyone else in the
 * room (a DM that came back arrives whole, with unread 1).
 */
@CommandHandler(PostMessageCommand)
export class PostMessageHandler implements ICommandHandler<PostMessageCommand, messaging.PostMessageReply> {
  constructor(
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
    private readonly realtime: ChatRealtimePublisher,
  ) {}

  async execute({ input }: PostMessageCommand): Promise<messaging.PostMessageReply> {
    const senderId = caller();
    const result = await this.writer.post({
      type: 'PostMessage',
      chatId: input.chatId,
      chatType: input.chatType,
      messageId: randomUUID(),
      senderId,
      msg: input.msg,
      isImage: input.isImage,
      isDocument: input.isDocument,
      originalFileName: input.originalFileName,
      at: new Date().toISOString(),
    });
    const posted = result.newEvents.find((e): e is MessagePosted => e.type === 'MessagePosted')!;
    const undeleted = new Set(result.newEvents.filter((e) => e.type === 'ChatUndeletedForUser').map((e) => (e as Extract<ChatEvent, { type: 'ChatUndeletedForUser' }>).data.userId));
    const state = result.state;
    const users = await this.reads.users(participantsOf(state));
    const msg = postedView(posted, users);
    // Stored; now live to everyone else in the room (a DM that came back arrives whole, with unread 1).
    const others = participantsOf(state).filter((p) => p !== senderId);
    this.realtime.pushToAll(
      others.filter((p) => !undeleted.has(p)),
      'new-message-event',
      { id: input.chatId, msg, chatType: input.chatType },
    );
    this.realtime.push(
      others.filter((p) => undeleted.has(p)),
      'undelete-chat-event',
      (p) => ({ chatId: input.chatId, chat: chatView(shapeOf(state, p), users, [msg], state.messageCount > 1) }),
    );
    // The reply is the decided event (what getChatRoom shows once projected): it does not wait
    // for the read models. What anyone reads next through this instance waits for them instead
    // (ChatWriter.caughtUp), so lists, the room and the other side's unread already hold it.
    return { chatId: input.chatId, msg };
  }
}
