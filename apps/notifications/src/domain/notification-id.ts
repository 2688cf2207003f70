import { createHash } from 'node:crypto';

/**
 * A name-based (version 5 style, SHA-1) uuid: the same source event always gives the same
 * notification id, so a redelivered event can never make a second notification.
 */
export function uuidFromName(name: string, namespace = 'notifications'): string {
  const bytes = createHash('sha1').update(namespace).update('\u0000').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
