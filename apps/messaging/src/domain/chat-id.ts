import { createHash } from 'node:crypto';

/** A name-based (version 5 style, SHA-1) uuid. */
export function uuidFromName(name: string, namespace: string): string {
  const bytes = createHash('sha1').update(namespace).update('\u0000').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The one DM of two people has an id derived from the pair (in either order): starting a DM
 * with an existing partner lands on the same stream, so there is never a second one and no
 * uniqueness table is needed.
 */
export function dmChatId(a: string, b: string): string {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()].sort();
  return uuidFromName(`${x}:${y}`, 'messaging-dm');
}

export const chatStreamId = (chatId: string) => `chat-${chatId}`;
export const badgeStreamId = (userId: string) => `chat-badge-${userId}`;
