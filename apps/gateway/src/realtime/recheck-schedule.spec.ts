import { randomUUID } from 'node:crypto';
import { recheckSchedule, recheckSliceOf } from './realtime.gateway';

describe('socket session re-checks, spread over the interval', () => {
  it('ticks at most every second, with as many slices as fit in the interval (every session asked at least once per interval)', () => {
    expect(recheckSchedule(60_000)).toEqual({ tickMs: 1000, slices: 60 });
    expect(recheckSchedule(2500)).toEqual({ tickMs: 1000, slices: 2 });
    expect(recheckSchedule(300)).toEqual({ tickMs: 300, slices: 1 });
    for (const interval of [100, 999, 1000, 1001, 2500, 59_999, 3_600_000]) {
      const { tickMs, slices } = recheckSchedule(interval);
      expect(tickMs * slices).toBeLessThanOrEqual(interval);
    }
  });

  it('puts a session in the same slice every time, and a thousand sessions about evenly into 60 slices', () => {
    const sid = randomUUID();
    expect(recheckSliceOf(sid, 60)).toBe(recheckSliceOf(sid, 60));
    const counts = new Array(60).fill(0);
    for (let i = 0; i < 1000; i++) {
      const slice = recheckSliceOf(randomUUID(), 60);
      expect(slice).toBeGreaterThanOrEqual(0);
      expect(slice).toBeLessThan(60);
      counts[slice]++;
    }
    // 16.7 a slice on average: no slice holds a burst of them.
    expect(Math.max(...counts)).toBeLessThan(45);
    expect(recheckSliceOf(sid, 1)).toBe(0);
  });
});
