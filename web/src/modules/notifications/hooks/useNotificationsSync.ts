import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useRealtimeConnect } from '../../realtime/hooks/useRealtimeConnect';
import { useRealtimeEvent } from '../../realtime/hooks/useRealtimeEvent';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { useNotificationsController } from './useNotificationsController';

/**
 * Keeps the bell and the list in step with the server (mounted once, in the app shell): the
 * counts are fetched on sign-in and app load and on every (re)connect of the socket (with the
 * list, when the drawer is open); live notifications are added as they come. Signing out or
 * another user signing in forgets the list.
 */
export function useNotificationsSync(): void {
  const controller = useNotificationsController();
  const userId = useAtomValue(signedInUserAtom)?._id ?? null;

  useEffect(() => {
    controller.reset();
    if (userId) void controller.refreshCounts();
  }, [controller, userId]);

  useRealtimeConnect(() => {
    void controller.reconnected();
  });

  useRealtimeEvent('user-notification-event', (live) => {
    controller.receive(live);
  });
}
