import { atom } from 'jotai';

/** The email of a set-password link being followed: the Set/Reset Password dialog opens at step 2 for it. Null otherwise. */
export const setPasswordLinkEmailAtom = atom<string | null>(null);
