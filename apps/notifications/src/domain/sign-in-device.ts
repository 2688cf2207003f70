import type { notifications } from '@app/contracts';

/**
 * A sign-in's device as the notifications service tells them apart: browser (name and major
 * version), operating system and IP address, compared without case and surrounding spaces.
 * Missing parts count as empty, so a sign-in with no metadata is one more "device".
 */
export function deviceKey(request: notifications.NotificationRequestMetaData | undefined): string {
  const part = (s: string | undefined) => (s ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return JSON.stringify([part(request?.browser), part(request?.os), part(request?.ip)]);
}

/** Not seen before for this account: the account's very first sign-in is new too. */
export function isNewDevice(seen: ReadonlySet<string>, request: notifications.NotificationRequestMetaData | undefined): boolean {
  return !seen.has(deviceKey(request));
}
