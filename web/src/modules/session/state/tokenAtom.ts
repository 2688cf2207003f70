import { atomWithStorage } from 'jotai/utils';
import { SESSION_STORAGE_KEYS } from '../logic/sessionKeys';
import { rawTokenStorage } from './tokenStorage';

/** localStorage key of the session token. */
export const TOKEN_STORAGE_KEY = SESSION_STORAGE_KEYS.token;

/** The session token (persisted in localStorage 'token'), or null when signed out. */
export const tokenAtom = atomWithStorage<string | null>(TOKEN_STORAGE_KEY, null, rawTokenStorage, { getOnInit: true });
