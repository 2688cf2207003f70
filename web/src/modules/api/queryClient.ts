import { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';

type JotaiStore = ReturnType<typeof createStore>;

/**
 * The app's server-state cache (TanStack Query). Every server read is a query keyed by what it
 * reads; writes invalidate or update the keys they change; realtime events update the cache.
 * Failures are not retried (the API client has logged them and a 401 has ended the session).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** One cache per jotai store: the app's default store in the browser, a fresh one per component spec. */
const clients = new WeakMap<JotaiStore, QueryClient>();

export function queryClientFor(store: JotaiStore): QueryClient {
  let client = clients.get(store);
  if (!client) {
    client = createQueryClient();
    clients.set(store, client);
  }
  return client;
}
