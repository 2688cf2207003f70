import { useQuery } from '@tanstack/react-query';
import { committeeApi } from '../api/committeeApi';

/** The committee's screens for Committee members and the Medical Director (the master admin's: /admin/committee). */
export const COMMITTEE_PATH = '/committee';

export const COMMITTEE_ROLES_KEY = ['committee', 'roles'] as const;

/** The committee's designated users and the caller's own roles (none while loading or when the server does not answer). */
export function useCommitteeRoles(enabled = true) {
  return useQuery({ queryKey: COMMITTEE_ROLES_KEY, queryFn: () => committeeApi.roles(), enabled, staleTime: 30_000 });
}
