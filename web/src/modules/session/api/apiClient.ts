import { getDefaultStore } from 'jotai';
import { type ApiClient, createApiClient } from '../../api/apiClient';
import { clearSession } from '../logic/sessionActions';
import { tokenAtom } from '../state/tokenAtom';

/**
 * The app's API client: same-origin, the token from tokenAtom, and a 401 on an authenticated
 * call clears the session (token, user, signed-in flag) in the app's jotai store.
 */
export const apiClient: ApiClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => getDefaultStore().get(tokenAtom),
  onUnauthorized: () => clearSession(getDefaultStore()),
});
