import type { createStore } from 'jotai';
import { loggedOutByUserAtom } from '../state/loggedOutByUserAtom';
import { signedInFlagAtom } from '../state/signedInFlagAtom';
import { signedInUserAtom } from '../state/signedInUserAtom';
import { tokenAtom } from '../state/tokenAtom';
import { twoFactorAuthTokenAtom } from '../state/twoFactorAuthTokenAtom';
import { twoFactorPhoneAtom } from '../state/twoFactorPhoneAtom';
import { usernameOrEmailAtom } from '../state/usernameOrEmailAtom';
import type { SignedInUser } from '../types/signedInUser';

export type JotaiStore = ReturnType<typeof createStore>;

export type TwoFactorChallenge = {
  twoFactorAuthToken: string;
  usernameOrEmail: string;
  /** Masked, with the last digits visible. */
  phone: string;
};

/** Keeps what the first sign-in step answered, for the 2FA dialog (token and name also in localStorage). */
export function keepTwoFactorChallenge(store: JotaiStore, challenge: TwoFactorChallenge): void {
  store.set(twoFactorAuthTokenAtom, challenge.twoFactorAuthToken);
  store.set(usernameOrEmailAtom, challenge.usernameOrEmail);
  store.set(twoFactorPhoneAtom, challenge.phone);
}

/** Stores the token, the user record and the signed-in flag after a verified sign-in. */
export function startSession(store: JotaiStore, session: { token: string; user: SignedInUser }): void {
  store.set(tokenAtom, session.token);
  store.set(signedInUserAtom, session.user);
  store.set(signedInFlagAtom, true);
  store.set(loggedOutByUserAtom, false);
}

/** Replaces the held user record (after a signed-in check or a profile change). */
export function refreshSignedInUser(store: JotaiStore, user: SignedInUser): void {
  store.set(signedInUserAtom, user);
  store.set(signedInFlagAtom, true);
}

/**
 * Forgets the session: the two-factor token, the user, the entered email or user name, the
 * token and the signed-in flag (spec §4 Logout), in memory and in localStorage.
 */
export function clearSession(store: JotaiStore): void {
  store.set(twoFactorAuthTokenAtom, null);
  store.set(signedInUserAtom, null);
  store.set(usernameOrEmailAtom, null);
  store.set(tokenAtom, null);
  store.set(signedInFlagAtom, false);
  store.set(twoFactorPhoneAtom, null);
}
