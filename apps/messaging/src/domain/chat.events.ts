import type { DomainEvent } from '@app/event-store';

/** 0 = direct message, 1 = group (the spec's chatType). */
export type ChatKind = 0 | 1;

/** A room was created. `members` exclude the creator (a DM: the recipient only). */
export type ChatStarted = DomainEvent<
  'ChatStarted',
  { chatId: string; chatType: ChatKind; creatorId: string; members: string[]; title: string | null; startedAt: string }
>;
/** A message: text, or the URL of a file of this room. `seq` numbers the room's messages from 1. */
export type MessagePosted = DomainEvent<
  'MessagePosted',
  {
    chatId: string;
    chatType: ChatKind;
    messageId: string;
    seq: number;
    senderId: string;
    msg: string;
    isImage: boolean;
    isDocument: boolean;
    originalFileName: string | null;
    postedAt: string;
  }
>;
/** A participant read the room up to a message (its unread count becomes what came after it from others). */
export type MessagesRead = DomainEvent<'MessagesRead', { chatId: string; userId: string; messageId: string; seq: number; readAt: string }>;
/** A DM left one participant's list (the other keeps it). */
export type ChatDeletedForUser = DomainEvent<'ChatDeletedForUser', { chatId: string; userId: string; at: string }>;
/** A deleted DM came back to that participant's list (a new message, or they started it again). */
export type ChatUndeletedForUser = DomainEvent<'ChatUndeletedForUser', { chatId: string; userId: string; at: string }>;
export type GroupChatRenamed = DomainEvent<'GroupChatRenamed', { chatId: string; title: string; changedBy: string; at: string }>;
export type GroupMembersAdded = DomainEvent<'GroupMembersAdded', { chatId: string; userIds: string[]; changedBy: string; at: string }>;
export type GroupMembersRemoved = DomainEvent<'GroupMembersRemoved', { chatId: string; userIds: string[]; changedBy: string; at: string }>;

export type ChatEvent =
  | ChatStarted
  | MessagePosted
  | MessagesRead
  | ChatDeletedForUser
  | ChatUndeletedForUser
  | GroupChatRenamed
  | GroupMembersAdded
  | GroupMembersRemoved;

export const CHAT_EVENT_TYPES: ChatEvent['type'][] = [
  'ChatStarted',
  'MessagePosted',
  'MessagesRead',
  'ChatDeletedForUser',
  'ChatUndeletedForUser',
  'GroupChatRenamed',
  'GroupMembersAdded',
  'GroupMembersRemoved',
];

/** The top-bar chat badge of one user was cleared (stream `chat-badge-<userId>`). */
export type ChatIconBadgeCleared = DomainEvent<'ChatIconBadgeCleared', { userId: string; at: string }>;
