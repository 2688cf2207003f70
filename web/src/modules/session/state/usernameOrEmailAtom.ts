import { atomWithStorage } from 'jotai/utils';
import { SESSION_STORAGE_KEYS } from '../logic/sessionKeys';
import { rawStringStorage } from './tokenStorage';

/** The email or user name entered at sign-in (persisted in localStorage 'usernameOrEmail'). */
export const usernameOrEmailAtom = atomWithStorage<string | null>(SESSION_STORAGE_KEYS.usernameOrEmail, null, rawStringStorage, {
  getOnInit: true,
});
