import { atom } from 'jotai';

/** The masked mobile number the sign-in code was sent to (only its last digits are shown). */
export const twoFactorPhoneAtom = atom<string | null>(null);
