import { atom } from 'jotai';
import type { SignedInUser } from '../types/signedInUser';

/** The signed-in user, or null when signed out. */
export const signedInUserAtom = atom<SignedInUser | null>(null);
