import { useQuery } from '@tanstack/react-query';
import { monitoringApi } from '../api/monitoringApi';

/** Where credentialing staff who are not master admins search the exclusion list (the admin's is /admin/exclusions). */
export const STAFF_EXCLUSIONS_PATH = '/exclusions';

/**
 * Whether the signed-in user may search the OIG exclusion list (the server's rule: the master admin,
 * or a Credentialer, Practice Manager or Practice Owner of some practice), asked once per user and
 * kept for 5 minutes; false while unknown, signed out or when the gateway does not answer.
 */
export function useExclusionSearchAccess(userId: string | null | undefined): boolean {
  const query = useQuery({
    queryKey: ['monitoring', 'access', userId ?? ''],
    queryFn: () => monitoringApi.access(),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data?.searchExclusions === true;
}
