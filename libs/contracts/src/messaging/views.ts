/**
 * What the chat calls answer and the realtime events carry (accounts spec §3: direct-message
 * chat, group chat, chat message), as the web reads them. Names are the spec's, including
 * `chatCreatorUseName` (spelled so in the data).
 */
import type { ChatType } from '../realtime';

export type { ChatType };
export const CHAT_TYPE = { dm: 0, group: 1 } as const satisfies Record<string, ChatType>;

/** A chat message: `msg` is the text, or the URL of the room's file (isImage / isDocument). */
export type ChatMessageView = {
  _id: string;
  chatId: string;
  senderId: string;
  senderDisplayName: string;
  senderUserName: string;
  msg: string;
  /** ISO 8601. */
  dateTime: string;
  isImage: boolean;
  isDocument: boolean;
  originalFileName: string | null;
  /** 'Read' once every other participant has read it, else 'Unread'. */
  status: 'Read' | 'Unread';
};

/** A person in a chat, from what messaging learned of them (identity's and the directory's events). */
export type ChatUserView = { _id: string; userName: string; displayName: string; avatarImageUrl: string | null };

/**
 * A direct-message chat. The sender is whoever started it, the recipient the other person;
 * `unread` is the caller's. In lists `messages` holds the last message only; in a room the
 * newest page (newest last) with `hasMore` when older ones exist (getChatMessages pages back).
 */
export type DmChatView = {
  _id: string;
  senderId: string;
  senderUserName: string;
  senderDisplayName: string;
  senderAvatarImageUrl: string | null;
  recipientId: string;
  recipientUserName: string;
  recipientDisplayName: string;
  recipientAvatarImageUrl: string | null;
  messages: ChatMessageView[];
  unread: number;
  hasMore: boolean;
  createdAt: string;
  /** Time of the newest message, else createdAt: lists are sorted by it, newest first. */
  lastActivityAt: string;
};

/**
 * A group chat. `members` are user ids without the creator (the shown count is members + 1,
 * `memberCount`); `memberUsers` their names.
 */
export type GroupChatView = {
  _id: string;
  title: string;
  creatorId: string;
  members: string[];
  memberUsers: ChatUserView[];
  memberCount: number;
  chatCreatorUseName: string;
  chatCreatorDisplayName: string;
  messages: ChatMessageView[];
  unread: number;
  hasMore: boolean;
  createdAt: string;
  lastActivityAt: string;
};

/** A search hit: a chat whose counterpart, title or readable messages match, with the matching message ids (newest first, at most 20). */
export type ChatSearchHit = { _id: string; messageIds: string[] };
