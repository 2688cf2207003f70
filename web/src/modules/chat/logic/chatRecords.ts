import type { ChatMe, ChatMessage, ChatUser, DmChat, GroupChat } from '../types/chat';

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
function idOf(value: unknown): string {
  if (isRecord(value)) return text(value._id ?? value.id);
  return text(value);
}
function count(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
function optional(value: unknown): string | undefined {
  const s = text(value);
  return s ? s : undefined;
}

/** A message from the server (or a live event), or null when it has no id. */
export function toChatMessage(value: unknown): ChatMessage | null {
  if (!isRecord(value)) return null;
  const _id = idOf(value._id ?? value.id);
  if (!_id) return null;
  return {
    _id,
    msg: text(value.msg),
    senderId: optional(idOf(value.senderId ?? value.sender)),
    senderDisplayName: text(value.senderDisplayName),
    senderUserName: text(value.senderUserName),
    dateTime: text(value.dateTime ?? value.createdAt),
    isImage: value.isImage === true,
    isDocument: value.isDocument === true,
    originalFileName: optional(value.originalFileName),
    status: optional(value.status),
  };
}

function messagesOf(value: unknown): ChatMessage[] {
  if (!Array.isArray(value)) return [];
  return value.map(toChatMessage).filter((m): m is ChatMessage => m !== null);
}

/** A DM from the server (getChats, getChatRoom, initiateChat, events), or null without an id. */
export function toDmChat(value: unknown): DmChat | null {
  if (!isRecord(value) || !idOf(value._id)) return null;
  return {
    _id: idOf(value._id),
    senderId: idOf(value.senderId ?? value.sender),
    senderUserName: text(value.senderUserName),
    senderDisplayName: text(value.senderDisplayName),
    recipientId: idOf(value.recipientId ?? value.recipient),
    recipientUserName: text(value.recipientUserName),
    recipientDisplayName: text(value.recipientDisplayName),
    senderAvatarImageUrl: optional(value.senderAvatarImageUrl),
    recipientAvatarImageUrl: optional(value.recipientAvatarImageUrl),
    messages: messagesOf(value.messages),
    unread: count(value.unread),
    hasMore: value.hasMore === true,
  };
}

function toChatUser(value: unknown): ChatUser | null {
  if (!isRecord(value)) return null;
  const _id = idOf(value._id ?? value.id);
  if (!_id) return null;
  return {
    _id,
    userName: text(value.userName),
    displayName: text(value.displayName) || text(value.userName),
    avatarImageUrl: optional(value.avatarImageUrl),
    firstName: optional(value.firstName),
    lastName: optional(value.lastName),
    npi: optional(value.npi) ?? null,
  };
}

/** A user of a search answer or a group's member list, or null without an id. */
export { toChatUser };

/** A group chat from the server, or null without an id. Members may come as ids or as users. */
export function toGroupChat(value: unknown): GroupChat | null {
  if (!isRecord(value) || !idOf(value._id)) return null;
  const rawMembers = Array.isArray(value.members) ? value.members : [];
  const memberUsers = [
    ...rawMembers.map(toChatUser),
    ...(Array.isArray(value.memberUsers) ? value.memberUsers.map(toChatUser) : []),
  ].filter((u): u is ChatUser => u !== null && Boolean(u.userName || u.displayName));
  const members = rawMembers.map(idOf).filter(Boolean);
  return {
    _id: idOf(value._id),
    title: text(value.title),
    creatorId: optional(idOf(value.creatorId ?? value.chatCreatorId ?? value.creator)),
    members,
    memberUsers: memberUsers.filter((u, i) => memberUsers.findIndex((o) => o._id === u._id) === i),
    chatCreatorUseName: text(value.chatCreatorUseName ?? value.chatCreatorUserName),
    chatCreatorDisplayName: text(value.chatCreatorDisplayName),
    messages: messagesOf(value.messages),
    unread: count(value.unread),
    hasMore: value.hasMore === true,
  };
}

/** The messages of a history page. */
export function toChatMessages(value: unknown): ChatMessage[] {
  return messagesOf(value);
}

export function toDmChats(value: unknown): DmChat[] {
  return Array.isArray(value) ? value.map(toDmChat).filter((c): c is DmChat => c !== null) : [];
}
export function toGroupChats(value: unknown): GroupChat[] {
  return Array.isArray(value) ? value.map(toGroupChat).filter((c): c is GroupChat => c !== null) : [];
}

/** The other person of a DM: the recipient when I sent the first message, else the sender. */
export function dmCounterpart(chat: DmChat, me: ChatMe | null): { _id: string; userName: string; displayName: string; avatarImageUrl?: string } {
  const iAmSender = me ? chat.senderId === me._id || (!chat.senderId && chat.senderUserName === me.userName) : false;
  return iAmSender
    ? { _id: chat.recipientId, userName: chat.recipientUserName, displayName: chat.recipientDisplayName || chat.recipientUserName, avatarImageUrl: chat.recipientAvatarImageUrl }
    : { _id: chat.senderId, userName: chat.senderUserName, displayName: chat.senderDisplayName || chat.senderUserName, avatarImageUrl: chat.senderAvatarImageUrl };
}

/** The shown member count of a group: its members plus the creator. */
export function groupMemberCount(chat: GroupChat): number {
  return chat.members.length + 1;
}

/** Whether I created this group (only the creator renames it and changes its members). */
export function isGroupCreator(chat: GroupChat, me: ChatMe | null): boolean {
  if (!me) return false;
  if (chat.creatorId) return chat.creatorId === me._id;
  return Boolean(chat.chatCreatorUseName) && chat.chatCreatorUseName === me.userName;
}

/** The group's creator as shown: the signed-in user's current name when that is me (a rename shows at once). */
export function creatorName(chat: GroupChat, me: ChatMe | null): string {
  if (me && isGroupCreator(chat, me)) return me.displayName || me.userName;
  return chat.chatCreatorDisplayName || chat.chatCreatorUseName;
}

/** A message's sender as shown: the signed-in user's current name for my own messages. */
export function senderName(message: ChatMessage, me: ChatMe | null): string {
  const mine = Boolean(me && (message.senderId ? message.senderId === me._id : message.senderUserName === me.userName));
  if (mine && me) return me.displayName || me.userName;
  return message.senderDisplayName || message.senderUserName;
}

/** The last message of a chat, for the list's preview line. */
export function lastMessage(chat: { messages: ChatMessage[] }): ChatMessage | undefined {
  return chat.messages.at(-1);
}

/** Appends a message unless one with its id is already there. */
export function appendMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  return messages.some((m) => m._id === message._id) ? [...messages] : [...messages, message];
}

/** Merges a fresh page of the room (newest last) with what is held: no duplicates, by time. */
export function mergeMessages(held: readonly ChatMessage[], fresh: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of held) byId.set(m._id, m);
  for (const m of fresh) byId.set(m._id, m);
  return [...byId.values()].sort((a, b) => {
    const ta = Date.parse(a.dateTime);
    const tb = Date.parse(b.dateTime);
    if (Number.isNaN(ta) || Number.isNaN(tb) || ta === tb) return 0;
    return ta - tb;
  });
}
