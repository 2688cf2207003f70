import { QueryClientProvider } from '@tanstack/react-query';
import { useStore } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { queryClientFor } from './queryClient';

/** Provides the query cache of the jotai store in use (so a store's controllers and its components share one cache). */
export function AppQueryProvider({ children }: { children: ReactNode }): ReactElement {
  const store = useStore();
  return <QueryClientProvider client={queryClientFor(store)}>{children}</QueryClientProvider>;
}
