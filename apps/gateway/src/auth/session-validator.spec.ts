import type { GatewayConfig } from '../config';
import type { RpcClient } from '../rpc/rpc-client.service';
import { REFRESH_AFTER, SessionCache, TTL_JITTER } from './session-cache';
import { SessionValidator } from './session-validator.service';

/** identity's answers, one per call, resolved by the test. */
function fakeIdentity() {
  const calls: Array<{ resolve: (live: boolean) => void }> = [];
  const rpc = {
    call: () => new Promise((resolve) => calls.push({ resolve: (live: boolean) => resolve({ live }) })),
  } as unknown as RpcClient;
  return { rpc, calls };
}

const claims = { sub: 'user-1', sid: 'session-1', roles: [] } as never;

/** A validator whose cache (SESSION_CACHE_MS 1 s) learned at `start` that the session is live. */
async function answeredLiveAt(start: number) {
  const now = jest.spyOn(Date, 'now').mockReturnValue(start);
  // The cache shortens each answer by a random part of TTL_JITTER: half of it here, so the times
  // below fall where the tests say (a random one near 0 put "due for refresh" past its moment).
  jest.spyOn(Math, 'random').mockReturnValue(0.5);
  const cache = new SessionCache({ SESSION_CACHE_MS: 1000 } as GatewayConfig, {} as never);
  const { rpc, calls } = fakeIdentity();
  const sessions = new SessionValidator(rpc, cache);
  const first = sessions.isLive(claims);
  expect(calls).toHaveLength(1); // nothing known: asked, and the call waits
  calls[0].resolve(true);
  await expect(first).resolves.toBe(true);
  return { now, cache, calls, sessions };
}

describe('SessionValidator refresh-ahead', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers from the cache in its last quarter and asks identity once in the background; a session it learns has ended is refused on the next call', async () => {
    const { now, cache, calls, sessions } = await answeredLiveAt(1_000_000);

    // Early in the answer's time: from the cache, nobody asked.
    now.mockReturnValue(1_000_000 + 100);
    await expect(sessions.isLive(claims)).resolves.toBe(true);
    expect(calls).toHaveLength(1);

    // In its last quarter (at the latest past REFRESH_AFTER of the longest time): still answered
    // at once, and identity asked once however many calls come meanwhile.
    now.mockReturnValue(1_000_000 + 1000 * REFRESH_AFTER);
    await expect(sessions.isLive(claims)).resolves.toBe(true);
    await expect(sessions.isLive(claims)).resolves.toBe(true);
    expect(calls).toHaveLength(2);

    // Identity says the session ended (a lost revocation push): the cache no longer vouches
    // for it; the next call asks identity and is refused.
    calls[1].resolve(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.get('user-1', 'session-1')).toBeUndefined();
    const next = sessions.isLive(claims);
    expect(calls).toHaveLength(3);
    calls[2].resolve(false);
    await expect(next).resolves.toBe(false);
  });

  it('renews a live answer before it expires, so a session in use never waits for identity', async () => {
    const { now, calls, sessions } = await answeredLiveAt(5_000_000);
    now.mockReturnValue(5_000_000 + 1000 * (1 - TTL_JITTER) - 1); // due for refresh, not expired
    await expect(sessions.isLive(claims)).resolves.toBe(true);
    calls[1].resolve(true);
    await new Promise((resolve) => setImmediate(resolve));
    // Past the first answer's longest time: the renewed one answers, no call waits.
    now.mockReturnValue(5_000_000 + 1000 + 1);
    let settled = false;
    const later = sessions.isLive(claims).finally(() => (settled = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(true);
    await expect(later).resolves.toBe(true);
  });
});
