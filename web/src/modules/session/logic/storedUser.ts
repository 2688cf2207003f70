import type { SignedInUser } from '../types/signedInUser';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The user record kept in localStorage 'user' (or answered by the server), or null when the
 * value is not one: it must at least carry an id and a user name. Missing role flags read as
 * false and a missing loggedInAs as 'admin' for admins, else 'provider'.
 */
export function parseStoredUser(value: unknown): SignedInUser | null {
  if (!isRecord(value)) return null;
  if (typeof value._id !== 'string' || !value._id || typeof value.userName !== 'string' || !value.userName) return null;
  const text = (key: string): string => (typeof value[key] === 'string' ? (value[key] as string) : '');
  const flag = (key: string): boolean => value[key] === true;
  const isAdmin = flag('isAdmin');
  const loggedInAs = value.loggedInAs === 'admin' || value.loggedInAs === 'provider' ? value.loggedInAs : isAdmin ? 'admin' : 'provider';
  const count = Number(value.notificationsCount);
  return {
    ...(value as Partial<SignedInUser>),
    _id: value._id,
    userName: value.userName,
    displayName: text('displayName') || value.userName,
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    mobile: text('mobile'),
    loggedInAs,
    isAdmin,
    isProvider: flag('isProvider'),
    isMasterAdmin: flag('isMasterAdmin'),
    isAuditor: flag('isAuditor'),
    notificationsCount: Number.isFinite(count) && count > 0 ? Math.floor(count) : 0,
  };
}

/** Where a user lands after signing in: the admin profile for a master admin, else their own workspace. */
export function landingPathFor(user: Pick<SignedInUser, 'isMasterAdmin'>): string {
  return user.isMasterAdmin ? '/admin/profile/about' : '/user';
}

/** The profile switch offered in the avatar menu to a user who is both admin and provider, for this path. */
export function profileSwitchFor(
  user: Pick<SignedInUser, 'isAdmin' | 'isProvider'>,
  pathname: string,
): { label: 'Change to Admin Profile' | 'Change to Provider Profile'; to: string } | null {
  if (!user.isAdmin || !user.isProvider) return null;
  if (pathname === '/provider' || pathname.startsWith('/provider/')) return { label: 'Change to Admin Profile', to: '/admin/profile/about' };
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return { label: 'Change to Provider Profile', to: '/provider' };
  return null;
}
