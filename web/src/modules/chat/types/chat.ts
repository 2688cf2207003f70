import type { ChatType, messaging } from '@app/contracts';

export type { ChatType };

/** The chat tabs (spec §9): DM (0) and Group (1); the same numbers as a chat's chatType. */
export type ChatTab = ChatType;

/**
 * A chat message (spec §3) as the screen holds it, from the contract's ChatMessageView: `msg`
 * is the text, or the file URL of an image or document.
 */
export type ChatMessage = Pick<messaging.ChatMessageView, '_id' | 'msg' | 'senderDisplayName' | 'senderUserName' | 'dateTime' | 'isImage' | 'isDocument'> & {
  senderId?: string;
  originalFileName?: string;
  status?: string;
};

/** A direct-message chat (spec §3) as the list and the room hold it, from the contract's DmChatView. */
export type DmChat = Pick<messaging.DmChatView, '_id' | 'senderId' | 'senderUserName' | 'senderDisplayName' | 'recipientId' | 'recipientUserName' | 'recipientDisplayName' | 'unread'> & {
  senderAvatarImageUrl?: string;
  recipientAvatarImageUrl?: string;
  messages: ChatMessage[];
  /** In a room: older messages exist (getChatMessages pages back). */
  hasMore?: boolean;
};

/** A participant of a group as the participants drawer shows it. */
export type ChatUser = {
  _id: string;
  userName: string;
  displayName: string;
  avatarImageUrl?: string;
  firstName?: string;
  lastName?: string;
  npi?: string | null;
};

/**
 * A group chat (spec §3): `members` are user ids without the creator (the shown count is
 * members plus 1). `memberUsers` carries their names when the server sends them.
 */
export type GroupChat = Pick<messaging.GroupChatView, '_id' | 'title' | 'members' | 'chatCreatorUseName' | 'chatCreatorDisplayName' | 'unread'> & {
  creatorId?: string;
  memberUsers: ChatUser[];
  messages: ChatMessage[];
  hasMore?: boolean;
};

export type AnyChat = DmChat | GroupChat;

/** The room shown in the main area. */
export type OpenRoom =
  | { chatType: 0; chat: DmChat; loading: boolean; loadingEarlier?: boolean }
  | { chatType: 1; chat: GroupChat; loading: boolean; loadingEarlier?: boolean };

/** Which drawer of the chat screen is open. */
export type ChatDrawer = 'newChat' | 'newGroupChat' | 'participants' | 'compose' | null;

/** The DM and Group tab badges (a message of the other tab's type lights one). */
export type ChatTabBadges = { dm: boolean; group: boolean };

/** The signed-in user as the chat screen needs it. */
export type ChatMe = { _id: string; userName: string; displayName: string };

/** Chats whose names or messages match the search text (the server's answer, by id). */
export type ChatSearchHits = { term: string; dmIds: string[]; groupIds: string[] };
