import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { useProfile } from '../../profiles/hooks/useProfile';
import { followOwnProfile } from '../logic/liveSignedInUser';
import { signedInUserAtom } from '../state/signedInUserAtom';

/**
 * The signed-in user as one live record: follows the user's own profile in the query cache and
 * reads it after every sign-in and app load (the sign-in answer and the stored copy can be older
 * than the profile).
 */
export function useLiveSignedInUser(): void {
  const store = useStore();
  const client = useQueryClient();
  const userId = useAtomValue(signedInUserAtom)?._id ?? null;
  useEffect(() => followOwnProfile(store, client), [store, client]);
  // The profile screens' query: each sign-in reads the profile unless a fresh copy is cached.
  useProfile(userId);
}
