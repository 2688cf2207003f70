import { createHash } from 'node:crypto';
import { GENESIS_HASH, canonicalEntryJson, canonicalJson, entryHash, sha256Hex, sourceEventHash, type ChainEntry, type SourceEventRow } from './hash-chain';

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

  it('writes exactly what the first (reference) implementation wrote', () => {
    // The implementation entries were hashed with before it was rewritten for speed.
    const reference = (value: unknown): string => {
      if (value === null || typeof value !== 'object') {
        if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
        return JSON.stringify(value) ?? 'null';
      }
      if (value instanceof Date) return JSON.stringify(value.toISOString());
      if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : reference(v))).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
    };
    const values: unknown[] = [
      null,
      undefined,
      0,
      -0,
      1.5e300,
      NaN,
      -Infinity,
      true,
      'plain',
      'quotes " and \\ and \n and \u2028 and émoji 🎉',
      new Date('2026-11-21T10:00:00.123Z'),
      [],
      {},
      [1, undefined, null, 'a', [2, [3]], { b: 1, a: undefined }],
      { Z: 1, a: 2, _: 3, é: 4, '10': 5, '9': 6, 'a b': 7, '': 8, nested: { y: [{ d: 1, c: 2 }], x: new Date(0) }, gone: undefined },
      entry({ details: { reason: 'wrong-password', attempt: 3, list: ['x', { q: null }] } }),
      { fn: () => 1, sym: Symbol('s') },
    ];
    for (const v of values) expect(canonicalJson(v)).toBe(reference(v));
  });

  it('writes an entry member by member exactly as canonicalJson writes it', () => {
    const entries: ChainEntry[] = [
      entry(),
      entry({ eventHash: 'c'.repeat(64), accountId: null, ip: null, browser: null, os: null, details: {} }),
      entry({ eventHash: undefined, details: { z: [1, { b: 'x', a: null }], a: 'é "quoted" \\ \n' }, streamId: 'stream\u2028"x"' }),
      Object.fromEntries(Object.entries(entry({ eventHash: 'd'.repeat(64) })).reverse()) as ChainEntry,
      { ...entry(), extra: 'not a member' } as ChainEntry, // falls back to canonicalJson
    ];
    for (const e of entries) expect(canonicalEntryJson(e)).toBe(canonicalJson(e));
    for (const e of entries) expect(entryHash(e)).toBe(createHash('sha256').update(canonicalJson(e), 'utf8').digest('hex'));
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
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

  it('covers the source event hash, and leaves it out of entries written before it existed', () => {
    const legacy = entry();
    const withSource = entry({ eventHash: 'a'.repeat(64) });
    expect(entryHash(withSource)).not.toBe(entryHash(legacy));
    expect(entryHash(entry({ eventHash: 'b'.repeat(64) }))).not.toBe(entryHash(withSource));
    // An entry without eventHash hashes exactly as before the field existed.
    expect(entryHash(legacy)).toBe(entryHash({ ...legacy, eventHash: undefined }));
  });
});

describe('source event hash', () => {
  const row = (over: Partial<SourceEventRow> = {}): SourceEventRow => ({
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    streamId: 'account-1',
    streamVersion: 3,
    type: 'SignInSucceeded',
    data: { accountId: 'a1', sessionId: 's1' },
    metadata: { correlationId: 'c1', request: { ip: '10.0.0.1' } },
    recordedAt: new Date('2026-11-21T10:00:00.123Z'),
    ...over,
  });

  it('is a SHA-256 independent of key order', () => {
    const h = sourceEventHash(row());
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(sourceEventHash(row({ data: { sessionId: 's1', accountId: 'a1' } }))).toBe(h);
  });

  it.each<[string, Partial<SourceEventRow>]>([
    ['event id', { id: '7c9e6679-7425-40de-944b-e07fc1f90ae8' }],
    ['stream id', { streamId: 'account-2' }],
    ['version', { streamVersion: 4 }],
    ['type', { type: 'SignInFailed' }],
    ['data', { data: { accountId: 'a1', sessionId: 's2' } }],
    ['metadata', { metadata: { correlationId: 'c1', request: { ip: '6.6.6.6' } } }],
    ['recorded_at', { recordedAt: new Date('2026-11-21T10:00:00.124Z') }],
  ])('changes when the %s changes', (_what, over) => {
    expect(sourceEventHash(row(over))).not.toBe(sourceEventHash(row()));
  });
});
