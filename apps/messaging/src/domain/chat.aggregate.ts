import { DomainError, Forbidden, NotFound, ValidationFailed } from '@app/errors';
import { messaging } from '@app/contracts';
import type { Decider } from '@app/event-store';
import type { ChatEvent, ChatKind, MessagePosted } from './chat.events';

/** How many of the newest messages the state keeps (id, number, sender) to count unread after a read. */
export const RECENT_MESSAGES = 500;

/**
 * A room (DM or group), as far as deciding needs it: small whatever the number of messages
 * (the messages themselves live in the read model). `members` exclude the creator.
 */
export type ChatState = {
  chatId: string | null;
  chatType: ChatKind | null;
  creatorId: string;
  members: string[];
  title: string | null;
  messageCount: number;
  lastMessageId: string | null;
  /** Per participant: messages from others not read yet. */
  unread: Record<string, number>;
  /** Per participant: the number of the last message read. */
  lastReadSeq: Record<string, number>;
  /** DM participants who deleted it from their list. */
  deletedFor: string[];
  recent: Array<{ id: string; seq: number; senderId: string }>;
  createdAt: string | null;
  lastActivityAt: string | null;
};

export const initialChatState = (): ChatState => ({
  chatId: null,
  chatType: null,
  creatorId: '',
  members: [],
  title: null,
  messageCount: 0,
  lastMessageId: null,
  unread: {},
  lastReadSeq: {},
  deletedFor: [],
  recent: [],
  createdAt: null,
  lastActivityAt: null,
});

export type StartDm = { type: 'StartDm'; chatId: string; initiatorId: string; recipientId: string; at: string };
export type StartGroup = { type: 'StartGroup'; chatId: string; creatorId: string; title: string; members: string[]; at: string };
export type PostMessage = {
  type: 'PostMessage';
  chatId: string;
  chatType: ChatKind;
  messageId: string;
  senderId: string;
  msg: string;
  isImage: boolean;
  isDocument: boolean;
  originalFileName?: string;
  at: string;
};
/** `seq`: the message's number when the handler found it in the read model (older than the state's recent window). */
export type MarkRead = { type: 'MarkRead'; chatId: string; userId: string; messageId: string; seq?: number; at: string };
/** Opening a room reads it (spec §4: opening a chat sets its unread count to 0). */
export type OpenChat = { type: 'OpenChat'; chatId: string; chatType: ChatKind; userId: string; at: string };
export type DeleteForUser = { type: 'DeleteForUser'; chatId: string; userId: string; at: string };
/** The whole new member list (without the creator) and title, as the participants drawer sends them. */
export type UpdateGroup = { type: 'UpdateGroup'; chatId: string; actorId: string; title: string; members: string[]; at: string };

export type ChatCommand = StartDm | StartGroup | PostMessage | MarkRead | OpenChat | DeleteForUser | UpdateGroup;

export const participantsOf = (s: Pick<ChatState, 'creatorId' | 'members'>): string[] => [s.creatorId, ...s.members];
export const isParticipant = (s: ChatState, userId: string): boolean => s.chatId !== null && participantsOf(s).includes(userId);

/** Only participants read or post; the room must exist and be of the kind the call is for. */
function requireParticipant(state: ChatState, chatType: ChatKind | null, userId: string): void {
  if (state.chatId === null || (chatType !== null && state.chatType !== chatType)) throw new NotFound('Chat not found');
  if (!participantsOf(state).includes(userId)) throw new Forbidden('You are not a participant of this chat', 'not_participant');
}

function memberList(creatorId: string, members: string[]): string[] {
  return [...new Set(members.map((m) => m.toLowerCase()))].filter((m) => m !== creatorId);
}

/** A file message's URL must be a file of this very room, of the kind it claims to be. */
function checkMessage(c: PostMessage): void {
  if (c.msg.trim().length === 0) throw new ValidationFailed('msg', 'Message is required');
  if (c.msg.length > messaging.CHAT_LIMITS.messageMaxLength) throw new ValidationFailed('msg', `Message must be at most ${messaging.CHAT_LIMITS.messageMaxLength} characters`);
  if (c.isImage && c.isDocument) throw new ValidationFailed('isDocument', 'A message is an image or a document, not both');
  if (!c.isImage && !c.isDocument) return;
  const file = messaging.parseChatFileUrl(c.msg);
  if (!file || file.chatId !== c.chatId) throw new ValidationFailed('msg', 'A file message must be the URL of a file uploaded to this chat');
  const image = (messaging.CHAT_IMAGE_EXTENSIONS as readonly string[]).includes(file.ext);
  if (c.isImage !== image) throw new ValidationFailed(c.isImage ? 'isImage' : 'isDocument', image ? 'This file is an image' : 'This file is a document');
}

function unreadAfter(state: ChatState, userId: string, seq: number): number {
  const later = state.recent.filter((m) => m.seq > seq && m.senderId !== userId).length;
  // Beyond the recent window nothing is known: never more than what is unread now.
  return Math.min(later, state.unread[userId] ?? 0);
}

export function decideChat(command: ChatCommand, state: ChatState): ChatEvent[] {
  switch (command.type) {
    case 'StartDm': {
      const { initiatorId, recipientId, chatId, at } = command;
      // A DM with oneself does nothing.
      if (initiatorId === recipientId) return [];
      if (state.chatId !== null) {
        // The existing DM of the pair: it comes back to the initiator's list if they had deleted it.
        return state.deletedFor.includes(initiatorId) ? [{ type: 'ChatUndeletedForUser', data: { chatId, userId: initiatorId, at } }] : [];
      }
      return [{ type: 'ChatStarted', data: { chatId, chatType: 0, creatorId: initiatorId, members: [recipientId], title: null, startedAt: at } }];
    }
    case 'StartGroup': {
      if (state.chatId !== null) throw new DomainError('conflict', 'This group chat exists already');
      const title = command.title.trim();
      if (!title) throw new ValidationFailed('title', 'Title is required');
      return [
        {
          type: 'ChatStarted',
          data: { chatId: command.chatId, chatType: 1, creatorId: command.creatorId, members: memberList(command.creatorId, command.members), title, startedAt: command.at },
        },
      ];
    }
    case 'PostMessage': {
      requireParticipant(state, command.chatType, command.senderId);
      checkMessage(command);
      const { chatId, at } = command;
      // A new message brings a deleted DM back to everyone who had deleted it.
      const back: ChatEvent[] = state.deletedFor.map((userId) => ({ type: 'ChatUndeletedForUser', data: { chatId, userId, at } }));
      const posted: MessagePosted = {
        type: 'MessagePosted',
        data: {
          chatId,
          chatType: command.chatType,
          messageId: command.messageId,
          seq: state.messageCount + 1,
          senderId: command.senderId,
          msg: command.msg,
          isImage: command.isImage,
          isDocument: command.isDocument,
          originalFileName: command.isImage || command.isDocument ? (command.originalFileName ?? null) : null,
          postedAt: at,
        },
      };
      return [...back, posted];
    }
    case 'MarkRead': {
      requireParticipant(state, null, command.userId);
      const seq = state.recent.find((m) => m.id === command.messageId)?.seq ?? command.seq;
      if (seq === undefined) throw new NotFound('Message not found');
      if (seq <= (state.lastReadSeq[command.userId] ?? 0) && (state.unread[command.userId] ?? 0) === 0) return [];
      return [{ type: 'MessagesRead', data: { chatId: command.chatId, userId: command.userId, messageId: command.messageId, seq, readAt: command.at } }];
    }
    case 'OpenChat': {
      requireParticipant(state, command.chatType, command.userId);
      if ((state.unread[command.userId] ?? 0) === 0 || !state.lastMessageId) return [];
      return [{ type: 'MessagesRead', data: { chatId: command.chatId, userId: command.userId, messageId: state.lastMessageId, seq: state.messageCount, readAt: command.at } }];
    }
    case 'DeleteForUser': {
      requireParticipant(state, null, command.userId);
      if (state.chatType !== 0) throw new ValidationFailed('chatId', 'Only a direct-message chat can be deleted');
      if (state.deletedFor.includes(command.userId)) return [];
      return [{ type: 'ChatDeletedForUser', data: { chatId: command.chatId, userId: command.userId, at: command.at } }];
    }
    case 'UpdateGroup': {
      if (state.chatId === null || state.chatType !== 1) throw new NotFound('Chat not found');
      if (!participantsOf(state).includes(command.actorId)) throw new Forbidden('You are not a participant of this chat', 'not_participant');
      // Only the group's creator renames it or changes its members.
      if (command.actorId !== state.creatorId) throw new Forbidden('Only the chat creator can change the group chat', 'not_creator');
      const title = command.title.trim();
      if (!title) throw new ValidationFailed('title', 'Title is required');
      const wanted = memberList(state.creatorId, command.members);
      const added = wanted.filter((m) => !state.members.includes(m));
      const removed = state.members.filter((m) => !wanted.includes(m));
      const { chatId, actorId: changedBy, at } = command;
      const events: ChatEvent[] = [];
      if (title !== state.title) events.push({ type: 'GroupChatRenamed', data: { chatId, title, changedBy, at } });
      if (added.length) events.push({ type: 'GroupMembersAdded', data: { chatId, userIds: added, changedBy, at } });
      if (removed.length) events.push({ type: 'GroupMembersRemoved', data: { chatId, userIds: removed, changedBy, at } });
      return events;
    }
  }
}

export function evolveChat(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'ChatStarted': {
      const d = event.data;
      return {
        ...initialChatState(),
        chatId: d.chatId,
        chatType: d.chatType,
        creatorId: d.creatorId,
        members: [...d.members],
        title: d.title,
        createdAt: d.startedAt,
        lastActivityAt: d.startedAt,
      };
    }
    case 'MessagePosted': {
      const d = event.data;
      const unread = { ...state.unread };
      for (const p of participantsOf(state)) if (p !== d.senderId) unread[p] = (unread[p] ?? 0) + 1;
      unread[d.senderId] = 0;
      const recent = [...state.recent, { id: d.messageId, seq: d.seq, senderId: d.senderId }];
      return {
        ...state,
        messageCount: d.seq,
        lastMessageId: d.messageId,
        unread,
        lastReadSeq: { ...state.lastReadSeq, [d.senderId]: d.seq },
        recent: recent.length > RECENT_MESSAGES ? recent.slice(recent.length - RECENT_MESSAGES) : recent,
        lastActivityAt: d.postedAt,
      };
    }
    case 'MessagesRead': {
      const d = event.data;
      return {
        ...state,
        unread: { ...state.unread, [d.userId]: unreadAfter(state, d.userId, d.seq) },
        lastReadSeq: { ...state.lastReadSeq, [d.userId]: Math.max(state.lastReadSeq[d.userId] ?? 0, d.seq) },
      };
    }
    case 'ChatDeletedForUser':
      return { ...state, deletedFor: [...state.deletedFor, event.data.userId], unread: { ...state.unread, [event.data.userId]: 0 } };
    case 'ChatUndeletedForUser':
      return { ...state, deletedFor: state.deletedFor.filter((u) => u !== event.data.userId) };
    case 'GroupChatRenamed':
      return { ...state, title: event.data.title };
    case 'GroupMembersAdded':
      return { ...state, members: [...state.members, ...event.data.userIds.filter((u) => !state.members.includes(u))] };
    case 'GroupMembersRemoved': {
      const gone = new Set(event.data.userIds);
      const unread = { ...state.unread };
      for (const u of gone) delete unread[u];
      return { ...state, members: state.members.filter((m) => !gone.has(m)), unread };
    }
  }
}

export const chatDecider: Decider<ChatState, ChatCommand, ChatEvent> = {
  decide: decideChat,
  evolve: evolveChat,
  initialState: initialChatState,
};
