import { atom } from 'jotai';

/** The token of an invitation link being followed: "Set your password" opens for it. Null otherwise. */
export const invitationTokenAtom = atom<string | null>(null);
