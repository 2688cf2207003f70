/**
 * The set-password link of an invitation or a registration email:
 * `/?setPassword=<email>&next=<path>`. `next` is honoured only as a same-origin relative path
 * (one leading slash, no scheme, no host), so a link cannot send the user to another site.
 */
export type SetPasswordLink = { email: string; next: string | null };

/** A relative path of this site, or null (absolute URLs, `//host`, `/\host`, control characters). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  try {
    const base = 'https://app.invalid';
    const url = new URL(next, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** The link's email and safe landing path, or null when the query has no setPassword. */
export function readSetPasswordLink(search: string): SetPasswordLink | null {
  const params = new URLSearchParams(search);
  const email = params.get('setPassword')?.trim();
  if (!email) return null;
  return { email, next: safeNextPath(params.get('next')) };
}

/**
 * The one-time link of a credentialing invitation: `/?invitation=<token>&next=<path>`. The token
 * sets the password once ("Set your password"); `next` as for the set-password link.
 */
export type InvitationLink = { token: string; next: string | null };

export function readInvitationLink(search: string): InvitationLink | null {
  const params = new URLSearchParams(search);
  const token = params.get('invitation')?.trim();
  if (!token || !/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
  return { token, next: safeNextPath(params.get('next')) };
}
