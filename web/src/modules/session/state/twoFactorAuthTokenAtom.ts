import { atomWithStorage } from 'jotai/utils';
import { SESSION_STORAGE_KEYS } from '../logic/sessionKeys';
import { rawStringStorage } from './tokenStorage';

/** The two-factor token of the pending sign-in (persisted in localStorage 'twoFactorAuthToken'). */
export const twoFactorAuthTokenAtom = atomWithStorage<string | null>(SESSION_STORAGE_KEYS.twoFactorAuthToken, null, rawStringStorage, {
  getOnInit: true,
});
