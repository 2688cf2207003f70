import { useEffect, useRef } from 'react';
import { realtimeConnection } from '../api/realtimeClient';
import type { RealtimeEventName, RealtimeHandler } from '../types/realtimeEvents';

/**
 * Calls `handler` with every `name` event pushed to the signed-in user, typed by the
 * RealtimeEvents map. The latest handler is used, so it need not be memoised; the
 * subscription outlives reconnects.
 */
export function useRealtimeEvent<E extends RealtimeEventName>(name: E, handler: RealtimeHandler<E>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtimeConnection.on(name, (payload) => latest.current(payload)), [name]);
}
