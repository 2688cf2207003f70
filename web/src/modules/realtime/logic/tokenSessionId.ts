function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/**
 * The session id (`sid` claim) of a session token, read without checking its signature (the
 * server does that): only to tell whether a 'session-revoked-event' is about this browser's
 * session. Null when the token is not a JWT carrying one.
 */
export function tokenSessionId(token: string | null | undefined): string | null {
  if (!token) return null;
  const parts = token.replace(/^Bearer\s+/i, '').split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (typeof claims !== 'object' || claims === null) return null;
    const sid = (claims as Record<string, unknown>).sid;
    return typeof sid === 'string' && sid ? sid : null;
  } catch {
    return null;
  }
}

/**
 * Whether a 'session-revoked-event' ends this browser's session: it names no session (all of
 * the user's sessions), or this one. When this session's id cannot be read, it counts as ended.
 */
export function revokesSession(revoked: { sessionId?: string | null }, token: string | null | undefined): boolean {
  if (!revoked.sessionId) return true;
  const own = tokenSessionId(token);
  return own === null || own === revoked.sessionId;
}
