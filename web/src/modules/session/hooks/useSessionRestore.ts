import { useQuery } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useState } from 'react';
import { identityApi } from '../api/identityApi';
import { refreshSignedInUser } from '../logic/sessionActions';
import { tokenAtom } from '../state/tokenAtom';

/** The one check of a stored session on app load. */
export const sessionRestoreKey = ['session', 'restore'] as const;

/**
 * On app load with a stored token, asks the server whether the session is still signed in:
 * a yes restores the user record (with its notification count); a 401 clears the session
 * (the API client does that). Network failures leave the stored session as it is.
 */
export function useSessionRestore(): void {
  const store = useStore();
  // Only a token stored before the app loaded is checked (a sign-in on this page needs no check).
  const [storedAtLoad] = useState(() => Boolean(store.get(tokenAtom)));
  useQuery({
    queryKey: sessionRestoreKey,
    queryFn: async () => {
      const user = await identityApi.isSignedIn();
      refreshSignedInUser(store, user);
      return user;
    },
    enabled: storedAtLoad,
    // Asked once per page load.
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
