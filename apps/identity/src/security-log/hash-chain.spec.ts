import { GENESIS_HASH, canonicalJson, entryHash, type ChainEntry } from './hash-chain';

const entry = (over: Partial<ChainEntry> = {}): ChainEntry => ({
  seq: 1,
  eventId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  globalPosition: '1',
  streamId: 'account-1',
  accountId: 'a1',
  type: 'SignInSucceeded',
  occurredAt: '2026-11-21T10:00:00.000Z',
  ip: '10.0.0.1',
  browser: 'Chrome 120',
  os: 'Windows 10',
  details: { sessionId: 's1' },
  prevHash: GENESIS_HASH,
  ...over,
});

describe('hash chain', () => {
  it('writes canonical JSON with sorted keys at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'x' }, u: undefined })).toBe('{"a":{"c":"x","d":[2,{"y":null,"z":1}]},"b":1}');
  });

  it('gives the same hash whatever the key order', () => {
    const a = entry();
    const b = Object.fromEntries(Object.entries(entry()).reverse()) as ChainEntry;
    expect(entryHash(a)).toBe(entryHash(b));
    expect(entryHash(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes the hash when any field or the previous hash changes', () => {
    const base = entryHash(entry());
    expect(entryHash(entry({ ip: '10.0.0.2' }))).not.toBe(base);
    expect(entryHash(entry({ details: { sessionId: 's2' } }))).not.toBe(base);
    expect(entryHash(entry({ prevHash: 'f'.repeat(64) }))).not.toBe(base);
  });
});
