import { skipToken, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { notificationKeys } from '../logic/notificationsCache';
import type { Notification } from '../types/notification';

const NONE: Notification[] = [];

/** The notification list from the cache (the controller loads it; live events and read marks update it). */
export function useNotificationsList(): Notification[] {
  const userId = useAtomValue(signedInUserAtom)?._id ?? '';
  return useQuery<Notification[]>({ queryKey: notificationKeys.list(userId), queryFn: skipToken }).data ?? NONE;
}
