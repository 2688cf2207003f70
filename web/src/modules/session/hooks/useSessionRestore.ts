import { useStore } from 'jotai';
import { useEffect } from 'react';
import { identityApi } from '../api/identityApi';
import { refreshSignedInUser } from '../logic/sessionActions';
import { tokenAtom } from '../state/tokenAtom';

/**
 * On app load with a stored token, asks the server whether the session is still signed in:
 * a yes restores the user record (with its notification count); a 401 clears the session
 * (the API client does that). Network failures leave the stored session as it is.
 */
export function useSessionRestore(): void {
  const store = useStore();
  useEffect(() => {
    if (!store.get(tokenAtom)) return;
    let cancelled = false;
    identityApi
      .isSignedIn()
      .then((user) => {
        if (!cancelled) refreshSignedInUser(store, user);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [store]);
}
