import type { ChatMessage } from '../types/chat';

type Listed = { _id: string; unread: number; messages: ChatMessage[] };

/** Adds a chat at the top of a list, or replaces the one with its id where it is. */
export function upsertChat<T extends Listed>(list: readonly T[], chat: T): T[] {
  const at = list.findIndex((c) => c._id === chat._id);
  if (at < 0) return [chat, ...list];
  const next = [...list];
  next[at] = chat;
  return next;
}

export function removeChat<T extends Listed>(list: readonly T[], chatId: string): T[] {
  return list.filter((c) => c._id !== chatId);
}

export function setUnread<T extends Listed>(list: readonly T[], chatId: string, unread: number): T[] {
  return list.map((c) => (c._id === chatId ? { ...c, unread } : c));
}

/** A message arrived for a chat that is not open: its unread count goes up and it keeps it as its last message. */
export function bumpUnread<T extends Listed>(list: readonly T[], chatId: string, message?: ChatMessage): T[] {
  return list.map((c) =>
    c._id === chatId
      ? { ...c, unread: c.unread + 1, messages: message && !c.messages.some((m) => m._id === message._id) ? [...c.messages, message] : c.messages }
      : c,
  );
}

/** Keeps a message as the chat's last one in the list (the open chat's preview line). */
export function withLastMessage<T extends Listed>(list: readonly T[], chatId: string, message: ChatMessage): T[] {
  return list.map((c) => (c._id === chatId && !c.messages.some((m) => m._id === message._id) ? { ...c, messages: [...c.messages, message] } : c));
}
