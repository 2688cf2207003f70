import type { QueryClient } from '@tanstack/react-query';
import type { Notification } from '../types/notification';

/** Where the notifications live in the query cache, per signed-in user. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => ['notifications', userId, 'list'] as const,
};

/** Reads and writes the signed-in user's notification list in the cache. */
export function notificationsCache(client: QueryClient, userId: () => string | null) {
  const key = () => notificationKeys.list(userId() ?? '');
  return {
    get: (): Notification[] => client.getQueryData<Notification[]>(key()) ?? [],
    set: (list: Notification[]): void => {
      client.setQueryData(key(), list);
    },
    clear: (): void => client.removeQueries({ queryKey: notificationKeys.all }),
  };
}
