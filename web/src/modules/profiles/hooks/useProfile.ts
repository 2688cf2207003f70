import { useCallback, useEffect, useState } from 'react';
import { type ProfileView, profilesApi } from '../api/profilesApi';

export type ProfileState = {
  profile: ProfileView | null;
  loading: boolean;
  failed: boolean;
  reload: () => void;
};

/** Loads a user's profile (getProviderProfile) and reloads it on request. */
export function useProfile(userId: string | null | undefined): ProfileState {
  const [profile, setProfile] = useState<ProfileView | null>(null);
  const [loading, setLoading] = useState(Boolean(userId));
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    if (!userId) {
      setProfile(null);
      setLoading(false);
      return;
    }
    let cancelled = false;
    setLoading(true);
    profilesApi
      .getProfile(userId)
      .then((loaded) => {
        if (cancelled) return;
        setProfile(loaded);
        setFailed(false);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [userId, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { profile, loading, failed, reload };
}
