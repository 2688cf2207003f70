import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ProfileView, profilesApi } from '../api/profilesApi';
import { profileKeys } from '../logic/profileKeys';

export type ProfileState = {
  profile: ProfileView | null;
  loading: boolean;
  failed: boolean;
  reload: () => void;
};

/** A user's profile (getProviderProfile) from the query cache; reload refetches it. */
export function useProfile(userId: string | null | undefined): ProfileState {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: profileKeys.detail(userId ?? ''),
    queryFn: () => profilesApi.getProfile(userId ?? ''),
    enabled: Boolean(userId),
  });
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: profileKeys.detail(userId ?? '') }), [client, userId]);
  return { profile: query.data ?? null, loading: query.isLoading, failed: query.isError, reload };
}
