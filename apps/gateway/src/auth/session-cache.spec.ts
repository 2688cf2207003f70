import { randomUUID } from 'node:crypto';
import type { GatewayConfig } from '../config';
import { SessionCache, TTL_JITTER } from './session-cache';

describe('SessionCache expiry', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps a live answer at most SESSION_CACHE_MS and at least a quarter less; answers remembered together expire apart', () => {
    const cache = new SessionCache({ SESSION_CACHE_MS: 1000 } as GatewayConfig, {} as never);
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const sessions = Array.from({ length: 200 }, () => ({ user: randomUUID(), sid: randomUUID() }));
    for (const s of sessions) cache.remember(s.user, s.sid, true);
    now.mockReturnValue(1_000_000 + 1000 * (1 - TTL_JITTER) - 1);
    expect(sessions.every((s) => cache.get(s.user, s.sid) === true)).toBe(true);
    now.mockReturnValue(1_000_000 + 875);
    const known = sessions.filter((s) => cache.get(s.user, s.sid) === true).length;
    expect(known).toBeGreaterThan(0);
    expect(known).toBeLessThan(200);
    now.mockReturnValue(1_000_000 + 1000);
    expect(sessions.every((s) => cache.get(s.user, s.sid) === undefined)).toBe(true);
  });

  it('never keeps an answer past the token expiry, and forgets a revoked session at once', () => {
    const cache = new SessionCache({ SESSION_CACHE_MS: 60_000 } as GatewayConfig, {} as never);
    const now = jest.spyOn(Date, 'now').mockReturnValue(2_000_000_000);
    cache.remember('u', 's', true, 2_000_000 + 5); // token expires 5 s from now (seconds)
    expect(cache.get('u', 's')).toBe(true);
    now.mockReturnValue(2_000_000_000 + 5000);
    expect(cache.get('u', 's')).toBeUndefined();
    cache.remember('u', 't', true);
    cache.revoked('t', 'u');
    expect(cache.get('u', 't')).toBe(false);
    cache.remember('u', 't', true);
    expect(cache.get('u', 't')).toBe(false);
  });
});
