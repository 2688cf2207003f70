import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { identityApi } from '../api/identityApi';
import { refreshSignedInUser } from '../logic/sessionActions';
import { tokenAtom } from '../state/tokenAtom';

/** The one check of a stored session on app load. */
export const sessionRestoreKey = ['session', 'restore'] as const;

/**
 * On app load with a stored token, asks the server whether the session is still signed in:
 * a yes restores the user record (with its notification count); a 401 clears the session
 * (the API client does that). Network failures leave the stored session as it is.
 *
 * A query of the cache, started here rather than observed with useQuery: this runs on the
 * landing page's first load, where useQuery's observer would add 2 KB to the initial JavaScript
 * (its budget, web/vite.config.mts); the query client is there already. The cache runs it once
 * (a second mount, as in StrictMode, joins the same request; the answer stays fresh for the page).
 */
export function useSessionRestore(): void {
  const store = useStore();
  const client = useQueryClient();
  useEffect(() => {
    if (!store.get(tokenAtom)) return;
    client
      .fetchQuery({
        queryKey: sessionRestoreKey,
        queryFn: async () => {
          const user = await identityApi.isSignedIn();
          refreshSignedInUser(store, user);
          return user;
        },
        staleTime: Infinity,
      })
      .catch(() => undefined);
  }, [store, client]);
}
