import { atomWithStorage } from 'jotai/utils';
import { createCodecStorage, flagCodec } from '../logic/browserStorage';
import { SESSION_STORAGE_KEYS } from '../logic/sessionKeys';

/** The signed-in flag (persisted in localStorage 'isSignedIn' as 'true'). */
export const signedInFlagAtom = atomWithStorage<boolean>(SESSION_STORAGE_KEYS.signedIn, false, createCodecStorage(flagCodec), {
  getOnInit: true,
});
