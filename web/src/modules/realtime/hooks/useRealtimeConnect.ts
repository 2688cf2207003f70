import { useEffect, useRef } from 'react';
import { realtimeConnection } from '../api/realtimeClient';

/**
 * Calls `handler` every time the realtime socket connects or reconnects: the place to re-fetch
 * what may have been pushed while offline. The latest handler is used.
 */
export function useRealtimeConnect(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtimeConnection.onConnect(() => latest.current()), []);
}
