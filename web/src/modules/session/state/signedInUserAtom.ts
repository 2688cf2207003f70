import { atomWithStorage } from 'jotai/utils';
import { createCodecStorage, jsonCodec } from '../logic/browserStorage';
import { SESSION_STORAGE_KEYS } from '../logic/sessionKeys';
import { parseStoredUser } from '../logic/storedUser';
import type { SignedInUser } from '../types/signedInUser';

/** The signed-in user (persisted in localStorage 'user' as JSON), or null when signed out. */
export const signedInUserAtom = atomWithStorage<SignedInUser | null>(
  SESSION_STORAGE_KEYS.user,
  null,
  createCodecStorage(jsonCodec(parseStoredUser)),
  { getOnInit: true },
);
