import type { Scheduler } from '../modules/timing/scheduler';

export type FakeClock = Scheduler & { advance: (ms: number) => void; pending: () => number };

/** A Scheduler whose time moves only when the test calls advance(ms). */
export function fakeClock(): FakeClock {
  let time = 0;
  let nextHandle = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout: (callback, ms) => {
      const handle = nextHandle++;
      timers.set(handle, { at: time + ms, callback });
      return handle;
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number);
    },
    advance: (ms) => {
      time += ms;
      for (const [handle, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= time && timers.has(handle)) {
          timers.delete(handle);
          timer.callback();
        }
      }
    },
    pending: () => timers.size,
  };
}
