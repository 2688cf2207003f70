/**
 * Watches a page's socket.io connections (engine.io over a WebSocket at /socket.io/): a
 * namespace connect answer ('40…') means the server accepted the session's socket.
 */
import type { Page } from 'playwright-core';

export type RealtimeWatch = {
  /** How many times the server accepted the page's socket so far. */
  connects: () => number;
  /** Waits until the server has accepted the page's socket at least `times` times. */
  connected: (options?: { times?: number; timeoutMs?: number }) => Promise<void>;
  /** Names of the events pushed to the page so far, in order. */
  events: () => string[];
};

/** Starts watching; call before the page signs in or loads. */
export function watchRealtime(page: Page): RealtimeWatch {
  let connects = 0;
  const events: string[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/')) return;
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      if (text.startsWith('40')) connects += 1;
      else if (text.startsWith('42')) {
        try {
          const [name] = JSON.parse(text.slice(2)) as [string];
          events.push(name);
        } catch {
          // Not an event frame.
        }
      }
    });
  });
  return {
    connects: () => connects,
    events: () => [...events],
    connected: async ({ times = 1, timeoutMs = 30_000 } = {}) => {
      const deadline = Date.now() + timeoutMs;
      while (connects < times) {
        if (Date.now() > deadline) throw new Error(`The page's realtime socket did not connect within ${timeoutMs} ms.`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
