import type { ThrottlerStorage } from '@nestjs/throttler';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * The hits of one key and throttler still inside the window: their expiry times in the order
 * they were counted (a queue: counted at the back, expired from the front).
 */
class Hits {
  private times: number[] = [];
  private head = 0;

  get count(): number {
    return this.times.length - this.head;
  }
  /** The expiry of the oldest live hit; undefined when there is none. */
  get oldest(): number | undefined {
    return this.head < this.times.length ? this.times[this.head] : undefined;
  }
  /** The expiry of the newest hit; undefined when there is none. */
  get newest(): number | undefined {
    return this.head < this.times.length ? this.times[this.times.length - 1] : undefined;
  }
  push(expiresAt: number): void {
    this.times.push(expiresAt);
  }
  /** Forgets the hits expired by `now`: each is looked at once in its life (amortized O(1) per request). */
  prune(now: number): void {
    while (this.head < this.times.length && this.times[this.head] <= now) this.head++;
    // Compact once the dead prefix is the larger part, so memory stays bounded by the live hits.
    if (this.head > 64 && this.head * 2 >= this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }
  clear(): void {
    this.times = [];
    this.head = 0;
  }
}

type KeyRecord = { expiresAt: number; blockExpiresAt: number; isBlocked: boolean; hits: Map<string, Hits> };

/**
 * The gateway's in-memory throttler storage: the same answers as @nestjs/throttler's default
 * `ThrottlerStorageService` (a sliding window of `ttl` per key, blocked for `blockDuration` past
 * `limit`, the same `timeToExpire` and `timeToBlockExpire`, so the same 429s and Retry-After),
 * but at O(1) per request. The default keeps every hit's expiry of a key in an array and filters
 * the whole array on each request: with every client behind one address (a proxy, the chat
 * benchmark) a request cost grew with the window's hits (a sixth of the gateway's CPU at 500
 * messages per second). Here the hits are a queue whose expired front is dropped; idle keys are
 * swept once a minute.
 */
export class WindowThrottlerStorage implements ThrottlerStorage {
  private readonly records = new Map<string, KeyRecord>();
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly sweepIntervalMs = 60_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Keys held (for tests). */
  get size(): number {
    return this.records.size;
  }

  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    return Promise.resolve(this.hit(key, ttl, limit, blockDuration, throttlerName));
  }

  /** `increment`, synchronously. */
  hit(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): ThrottlerStorageRecord {
    this.ensureSweep();
    const now = this.now();
    let record = this.records.get(key);
    if (!record) {
      record = { expiresAt: now + ttl, blockExpiresAt: 0, isBlocked: false, hits: new Map() };
      this.records.set(key, record);
    }
    let hits = record.hits.get(throttlerName);
    if (!hits) {
      hits = new Hits();
      record.hits.set(throttlerName, hits);
    }
    hits.prune(now);
    let timeToExpire = Math.ceil((record.expiresAt - now) / 1000);
    if (timeToExpire <= 0) {
      record.expiresAt = now + ttl;
      timeToExpire = Math.ceil((record.expiresAt - now) / 1000);
    }
    if (blockDuration <= 0) {
      const isBlocked = hits.count >= limit;
      if (!isBlocked) hits.push(now + ttl);
      const oldest = hits.oldest;
      return {
        totalHits: hits.count + (isBlocked ? 1 : 0),
        timeToExpire,
        isBlocked,
        timeToBlockExpire: isBlocked ? (oldest !== undefined ? Math.ceil((oldest - now) / 1000) : timeToExpire) : 0,
      };
    }
    if (!record.isBlocked) hits.push(now + ttl);
    if (hits.count > limit && !record.isBlocked) {
      record.isBlocked = true;
      record.blockExpiresAt = now + blockDuration;
    }
    const timeToBlockExpire = Math.ceil((record.blockExpiresAt - now) / 1000);
    if (timeToBlockExpire <= 0 && record.isBlocked) {
      // The block is over: the window starts again with this request.
      record.isBlocked = false;
      hits.clear();
      hits.push(now + ttl);
    }
    return { totalHits: hits.count, timeToExpire, isBlocked: record.isBlocked, timeToBlockExpire };
  }

  /** Drops the keys with nothing left to remember (not blocked, window over, no live hit). */
  sweep(now = this.now()): void {
    for (const [key, record] of this.records) {
      if (record.isBlocked && record.blockExpiresAt > now) continue;
      if (record.expiresAt > now) continue;
      let live = false;
      for (const hits of record.hits.values()) {
        const newest = hits.newest;
        if (newest !== undefined && newest > now) {
          live = true;
          break;
        }
      }
      if (!live) this.records.delete(key);
    }
  }

  onApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.records.clear();
  }

  private ensureSweep(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => this.sweep(), this.sweepIntervalMs);
    this.sweeper.unref();
  }
}
