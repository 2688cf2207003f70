import { atom } from 'jotai';
import { signedInFlagAtom } from './signedInFlagAtom';
import { signedInUserAtom } from './signedInUserAtom';
import { tokenAtom } from './tokenAtom';

/** Signed in: a token, the signed-in flag and a user record are all held. */
export const isSignedInAtom = atom((get) => Boolean(get(tokenAtom)) && get(signedInFlagAtom) && get(signedInUserAtom) !== null);
