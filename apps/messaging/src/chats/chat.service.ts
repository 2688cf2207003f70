import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { messaging } from '@app/contracts';
import { Forbidden, NotFound, Unauthorized, ValidationFailed, currentContext } from '@app/nest-kit';
import { isParticipant, participantsOf, type ChatState } from '../domain/chat.aggregate';
import type { ChatEvent, MessagePosted } from '../domain/chat.events';
import { dmChatId } from '../domain/chat-id';
import { ChatWriter } from '../infrastructure/chat.writer';
import { ChatRealtimePublisher } from '../infrastructure/realtime.publisher';
import { ChatReadModel, chatView, messageView, type ChatShape, type UserDirectory } from '../read-models/chat-read-model';

/** The signed-in caller: the gateway's signed actor of the request, never a field of the body. */
function me(): string {
  const userId = currentContext()?.actor?.userId;
  if (!userId) throw new Unauthorized('Not signed in or session expired');
  return userId.toLowerCase();
}
const now = () => new Date().toISOString();

function shapeOf(state: ChatState, viewer: string): ChatShape {
  return {
    id: state.chatId!,
    chatType: state.chatType!,
    creatorId: state.creatorId,
    members: state.members,
    title: state.title,
    unread: state.unread[viewer] ?? 0,
    createdAt: state.createdAt!,
    lastActivityAt: state.lastActivityAt!,
  };
}

function postedView(e: MessagePosted, users: UserDirectory): messaging.ChatMessageView {
  const d = e.data;
  return messageView(
    {
      id: d.messageId,
      chat_id: d.chatId,
      seq: d.seq,
      sender_id: d.senderId,
      msg: d.msg,
      is_image: d.isImage,
      is_document: d.isDocument,
      original_file_name: d.originalFileName,
      posted_at: new Date(d.postedAt),
    },
    users,
    0,
  );
}

/**
 * The chat use cases: each command goes through the room's aggregate (ChatWriter), each read
 * through the read models; what others must see live is pushed after the events are stored.
 */
@Injectable()
export class ChatService {
  constructor(
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
    private readonly realtime: ChatRealtimePublisher,
  ) {}

  async initiateChat({ recipientId }: messaging.InitiateChatRequest): Promise<messaging.InitiateChatReply> {
    const userId = me();
    // Starting a DM with oneself does nothing.
    if (recipientId === userId) return { newDm: null, existing: false };
    if (!(await this.reads.knownUsers([recipientId])).has(recipientId)) throw new NotFound('User not found');
    const chatId = dmChatId(userId, recipientId);
    const result = await this.writer.execute({ type: 'StartDm', chatId, initiatorId: userId, recipientId, at: now() });
    const started = result.newEvents.some((e) => e.type === 'ChatStarted');
    await this.writer.projected(result.globalPositions);
    if (started) {
      const users = await this.reads.users(participantsOf(result.state));
      this.realtime.push([recipientId], 'new-chat-event', { chatType: 0, chat: chatView(shapeOf(result.state, recipientId), users, [], false) });
    }
    const newDm = (await this.reads.room(chatId, userId)) as messaging.DmChatView | null;
    return { newDm: newDm ?? (chatView(shapeOf(result.state, userId), await this.reads.users(participantsOf(result.state)), [], false) as messaging.DmChatView), existing: !started };
  }

  /** getChatRoom / getGroupChatRoom: the room's newest page; opening it reads it (unread 0). */
  async openChat({ chatId, chatType }: messaging.OpenChatRequest): Promise<messaging.OpenChatReply> {
    const userId = me();
    const result = await this.writer.execute({ type: 'OpenChat', chatId, chatType, userId, at: now() });
    await this.writer.projected(result.globalPositions);
    const chat = await this.reads.room(chatId, userId);
    if (!chat) {
      // Not projected yet (just created elsewhere): answer from the aggregate.
      return { chat: chatView(shapeOf(result.state, userId), await this.reads.users(participantsOf(result.state)), [], result.state.messageCount > 0) };
    }
    return { chat: { ...chat, unread: result.state.unread[userId] ?? 0 } };
  }

  async deleteChat({ chatId }: messaging.DeleteChatRequest): Promise<messaging.DeleteChatReply> {
    const userId = me();
    const result = await this.writer.execute({ type: 'DeleteForUser', chatId, userId, at: now() });
    await this.writer.projected(result.globalPositions);
    return { success: true, chatId };
  }

  async postMessage(input: messaging.PostMessageRequest): Promise<messaging.PostMessageReply> {
    const senderId = me();
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
      at: now(),
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

  async markRead({ chatId, messageId }: messaging.MarkReadRequest): Promise<messaging.MarkReadReply> {
    const userId = me();
    await this.writer.caughtUp();
    const seq = (await this.reads.seqOf(chatId, messageId)) ?? undefined;
    const result = await this.writer.execute({ type: 'MarkRead', chatId, userId, messageId, seq, at: now() });
    await this.writer.projected(result.globalPositions);
    return { success: true, unread: result.state.unread[userId] ?? 0 };
  }

  async initiateGroupChat({ title, members }: messaging.InitiateGroupChatRequest): Promise<messaging.InitiateGroupChatReply> {
    const userId = me();
    await this.requireKnown(members.filter((m) => m !== userId));
    const chatId = randomUUID();
    const result = await this.writer.execute({ type: 'StartGroup', chatId, creatorId: userId, title, members, at: now() });
    await this.writer.projected(result.globalPositions);
    const users = await this.reads.users(participantsOf(result.state));
    this.realtime.push(result.state.members, 'new-chat-event', (p) => ({ chatType: 1, chat: chatView(shapeOf(result.state, p), users, [], false) }));
    return { newGroupChat: chatView(shapeOf(result.state, userId), users, [], false) as messaging.GroupChatView };
  }

  async updateGroupChat({ chatId, title, members }: messaging.UpdateGroupChatRequest): Promise<messaging.UpdateGroupChatReply> {
    const userId = me();
    const before = await this.writer.load(chatId);
    await this.requireKnown(members.filter((m) => m !== userId && !before.members.includes(m)));
    const result = await this.writer.execute({ type: 'UpdateGroup', chatId, actorId: userId, title, members, at: now() });
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

  async listChats({ chatType }: messaging.ListChatsRequest): Promise<messaging.ListChatsReply> {
    await this.writer.caughtUp();
    const list = await this.reads.list(me(), chatType);
    return chatType === 0 ? { chats: list as messaging.DmChatView[] } : { groupChats: list as messaging.GroupChatView[] };
  }

  async messages({ chatId, before, limit }: messaging.MessagesRequest): Promise<messaging.MessagesReply> {
    const userId = me();
    await this.requireReader(chatId, userId);
    await this.writer.caughtUp();
    const page = await this.reads.messages(chatId, userId, before, limit ?? messaging.CHAT_LIMITS.pageSize);
    if (!page) throw new NotFound('Message not found');
    return page;
  }

  async search({ searchTerm }: messaging.SearchRequest): Promise<messaging.SearchReply> {
    const userId = me();
    await this.writer.caughtUp();
    return this.reads.search(userId, searchTerm);
  }

  async badge(userId?: string): Promise<messaging.BadgeReply> {
    await this.writer.caughtUp();
    return { showChatIconBadge: await this.reads.badge(userId ?? me()) };
  }

  async resetBadge(): Promise<messaging.BadgeReply & { success: true }> {
    const userId = me();
    if (await this.reads.badge(userId)) await this.writer.projected(await this.writer.clearBadge(userId));
    return { success: true, showChatIconBadge: false };
  }

  /** May the caller download this room's files? Only its participants (403 for anyone else). */
  async fileAccess({ chatId }: { chatId: string }): Promise<messaging.FileAccessReply> {
    await this.requireReader(chatId, me());
    return { allowed: true };
  }

  private async requireReader(chatId: string, userId: string): Promise<ChatState> {
    const state = await this.writer.load(chatId);
    if (state.chatId === null) throw new NotFound('Chat not found');
    if (!isParticipant(state, userId)) throw new Forbidden('You are not a participant of this chat', 'not_participant');
    return state;
  }

  private async requireKnown(ids: string[]): Promise<void> {
    const known = await this.reads.knownUsers(ids);
    const unknown = ids.find((id) => !known.has(id));
    if (unknown) throw new ValidationFailed('members', `Unknown user: ${unknown}`);
  }
}
