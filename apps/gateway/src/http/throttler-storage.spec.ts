import { ThrottlerStorageService } from '@nestjs/throttler';
import { WindowThrottlerStorage } from './throttler-storage';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('WindowThrottlerStorage', () => {
  afterEach(() => jest.useRealTimers());

  it.each([
    ['blocked for a minute past the limit (the global and registry throttlers)', 60_000],
    ['without a block duration', 0],
  ])('answers as @nestjs/throttler’s own storage, request after request: %s', async (_name, blockDuration) => {
    jest.useFakeTimers({ now: Date.parse('2026-11-26T08:00:00Z') });
    const reference = new ThrottlerStorageService();
    const storage = new WindowThrottlerStorage();
    const next = random(blockDuration + 7);
    const keys = ['ip:203.0.113.7', 'ip:198.51.100.1', 'user:42'];
    try {
      for (let i = 0; i < 4000; i++) {
        // Bursts and pauses: some keys go over the limit, blocks and windows run out.
        jest.advanceTimersByTime(Math.floor(next() < 0.9 ? next() * 400 : next() * 70_000));
        const key = keys[Math.floor(next() * keys.length)];
        const args = [key, 60_000, 25, blockDuration, 'default'] as const;
        expect(await storage.increment(...args)).toEqual(await reference.increment(...args));
      }
    } finally {
      reference.onApplicationShutdown();
      storage.onApplicationShutdown();
    }
  });

  it('blocks the request past the limit with the seconds until the block ends, and lets the key in again after it', async () => {
    let now = 1_000_000;
    const storage = new WindowThrottlerStorage(60_000, () => now);
    for (let i = 0; i < 3; i++) expect((await storage.increment('k', 60_000, 3, 60_000, 'default')).isBlocked).toBe(false);
    now += 1_500;
    const blocked = await storage.increment('k', 60_000, 3, 60_000, 'default');
    expect(blocked).toMatchObject({ isBlocked: true, timeToBlockExpire: 60 });
    now += 30_000;
    expect(await storage.increment('k', 60_000, 3, 60_000, 'default')).toMatchObject({ isBlocked: true, timeToBlockExpire: 30 });
    // Another key is not affected.
    expect((await storage.increment('other', 60_000, 3, 60_000, 'default')).isBlocked).toBe(false);
    now += 30_001;
    expect(await storage.increment('k', 60_000, 3, 60_000, 'default')).toMatchObject({ isBlocked: false, totalHits: 1 });
    storage.onApplicationShutdown();
  });

  it('counts hits in a sliding window: each leaves the count a ttl after it came, however many there were', async () => {
    let now = 0;
    const storage = new WindowThrottlerStorage(60_000, () => now);
    for (let i = 0; i < 50_000; i++) {
      now += 1;
      await storage.increment('busy', 10_000, 1e9, 10_000, 'default');
    }
    // 50 s of one request per ms, a 10 s window: only the last 10,000 are counted.
    expect((await storage.increment('busy', 10_000, 1e9, 10_000, 'default')).totalHits).toBe(10_001);
    now += 10_001;
    expect((await storage.increment('busy', 10_000, 1e9, 10_000, 'default')).totalHits).toBe(1);
    storage.onApplicationShutdown();
  });

  it('forgets idle keys on its sweep, but not a key that is blocked or has live hits', async () => {
    let now = 0;
    const storage = new WindowThrottlerStorage(60_000, () => now);
    await storage.increment('idle', 1_000, 5, 1_000, 'default');
    for (let i = 0; i < 3; i++) await storage.increment('blocked', 1_000, 1, 120_000, 'default');
    now = 5_000;
    await storage.increment('live', 1_000, 5, 1_000, 'default');
    storage.sweep(now);
    expect(storage.size).toBe(2);
    storage.sweep(now + 121_000);
    expect(storage.size).toBe(0);
    storage.onApplicationShutdown();
  });
});
