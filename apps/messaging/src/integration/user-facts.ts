import { directory, identity } from '@app/contracts';

/** What messaging keeps of a person: only the fields an event says (undefined = not in this event). */
export type UserFact = { userId: string; userName?: string; displayName?: string; avatarImageUrl?: string | null };

type Envelope = { specversion?: unknown; id?: unknown; type?: unknown; data?: unknown };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const str = (v: unknown, max = 500): string | undefined => (typeof v === 'string' && v.length <= max ? v : undefined);
const url = (v: unknown): string | null | undefined => (v === null ? null : str(v, 2000));

/**
 * Reads a person's names or avatar out of an identity or directory integration event (a
 * CloudEvents 1.0 envelope on events.<context>.<Name>, data per the v1 contracts of
 * libs/contracts). Anything else, or another version, is null: acknowledged and skipped.
 */
export function userFactOf(subject: string, payload: Uint8Array): UserFact | null {
  let ce: Envelope;
  try {
    ce = JSON.parse(Buffer.from(payload).toString('utf8')) as Envelope;
  } catch {
    return null;
  }
  if (ce?.specversion !== '1.0' || typeof ce.type !== 'string' || !/\.v1$/.test(ce.type) || typeof ce.data !== 'object' || ce.data === null) return null;
  const name = subject.slice(subject.lastIndexOf('.') + 1);
  const d = ce.data as Record<string, unknown>;
  const id = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : null);
  switch (name) {
    case identity.ACCOUNT_REGISTERED_V1: {
      const userId = id(d.accountId);
      return userId ? { userId, userName: str(d.userName, 100), displayName: str(d.displayName, 200) } : null;
    }
    case identity.USER_NAME_CHANGED_V1: {
      const userId = id(d.accountId);
      return userId ? { userId, userName: str(d.userName, 100) } : null;
    }
    case directory.PROFILE_CREATED_V1: {
      const userId = id(d.profileId);
      const details = (d.details ?? {}) as Record<string, unknown>;
      return userId ? { userId, userName: str(d.userName, 100), displayName: str(details.displayName, 200), avatarImageUrl: url(details.avatarImageUrl) } : null;
    }
    case directory.PROFILE_UPDATED_V1: {
      const userId = id(d.profileId);
      const changes = (d.changes ?? {}) as Record<string, unknown>;
      if (!userId) return null;
      return { userId, displayName: str(changes.displayName, 200), avatarImageUrl: 'avatarImageUrl' in changes ? url(changes.avatarImageUrl) : undefined };
    }
    case directory.PROFILE_IMAGE_CHANGED_V1: {
      const userId = id(d.profileId);
      return userId && d.image === 'avatar' ? { userId, avatarImageUrl: url(d.url) } : null;
    }
    case directory.PROFILE_ACCOUNT_CHANGED_V1: {
      const userId = id(d.profileId);
      return userId && d.userName !== undefined ? { userId, userName: str(d.userName, 100) } : null;
    }
    default:
      return null;
  }
}
