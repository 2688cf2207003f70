/**
 * The address of a chat file the app may fetch: a same-origin path or URL only (the session
 * token goes with it), never javascript:, data: or another host. Null otherwise.
 */
export function chatFileUrl(msg: string, origin: string = globalThis.location?.origin ?? 'http://localhost'): string | null {
  let url: URL;
  try {
    url = new URL(msg, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== new URL(origin).origin) return null;
  return `${url.pathname}${url.search}`;
}
