import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { monitoringApi } from '../api/monitoringApi';

/** Where credentialing staff who are not master admins search the exclusion list (the admin's is /admin/exclusions). */
export const STAFF_EXCLUSIONS_PATH = '/exclusions';

/**
 * Whether the signed-in user may search the OIG exclusion list (the server's rule: the master admin,
 * or a Credentialer, Practice Manager or Practice Owner of some practice), from the query cache
 * (asked once per user, kept 5 minutes); false while unknown, signed out or when the gateway does
 * not answer. (fetchQuery rather than useQuery: the account menu is in the landing page's initial
 * JS, which stays without the query observer.)
 */
export function useExclusionSearchAccess(userId: string | null | undefined): boolean {
  const client = useQueryClient();
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    setAllowed(false);
    if (!userId) return undefined;
    let live = true;
    client
      .fetchQuery({ queryKey: ['monitoring', 'access', userId], queryFn: () => monitoringApi.access(), staleTime: 5 * 60_000, retry: false })
      .then((reply) => live && setAllowed(reply.searchExclusions === true))
      .catch(() => live && setAllowed(false));
    return () => {
      live = false;
    };
  }, [client, userId]);
  return allowed;
}
