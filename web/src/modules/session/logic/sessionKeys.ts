/**
 * localStorage keys of what the browser keeps for a session (spec §3 "Kept in the browser"):
 * the token, the user record, a signed-in flag, the entered email or user name and the
 * two-factor token.
 */
export const SESSION_STORAGE_KEYS = {
  /** The session token, as the bare string. */
  token: 'token',
  /** The signed-in user record, as JSON. */
  user: 'user',
  /** 'true' while signed in. */
  signedIn: 'isSignedIn',
  /** The email or user name entered at sign-in, as the bare string. */
  usernameOrEmail: 'usernameOrEmail',
  /** The two-factor token of the pending sign-in, as the bare string. */
  twoFactorAuthToken: 'twoFactorAuthToken',
} as const;

export type SessionStorageKey = (typeof SESSION_STORAGE_KEYS)[keyof typeof SESSION_STORAGE_KEYS];
