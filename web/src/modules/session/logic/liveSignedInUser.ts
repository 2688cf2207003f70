import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import type { ProfileView } from '../../profiles/api/profilesApi';
import { profileKeys } from '../../profiles/logic/profileKeys';
import { signedInUserAtom } from '../state/signedInUserAtom';
import type { SignedInUser } from '../types/signedInUser';

type JotaiStore = ReturnType<typeof createStore>;

/** The fields of a profile the signed-in record shows (top bar, avatar menu, drawer card, chat). */
export function withProfile(user: SignedInUser, profile: ProfileView): SignedInUser {
  const next: SignedInUser = {
    ...user,
    userName: profile.userName || user.userName,
    displayName: profile.displayName ?? user.displayName,
    avatarImageUrl: profile.avatarImageUrl ?? undefined,
    bannerImageUrl: profile.bannerImageUrl ?? undefined,
  };
  const same = (['userName', 'displayName', 'avatarImageUrl', 'bannerImageUrl'] as const).every((key) => next[key] === user[key]);
  return same ? user : next;
}

/**
 * Keeps the signed-in user one live record: whenever the cache gets the user's own profile
 * (a profile screen, a save, an avatar or banner upload, the read after sign-in or app load),
 * its names and pictures are copied into the stored user, which every place that shows the
 * user reads. Returns the unsubscribe.
 */
export function followOwnProfile(store: JotaiStore, client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const user = store.get(signedInUserAtom);
    const key = event.query.queryKey;
    if (!user || key[0] !== profileKeys.all[0] || key[1] !== user._id) return;
    const profile = event.query.state.data as ProfileView | undefined;
    if (!profile) return;
    const next = withProfile(user, profile);
    if (next !== user) store.set(signedInUserAtom, next);
  });
}
