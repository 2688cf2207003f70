import * as crypto from 'node:crypto';
import { createHash } from 'node:crypto';

/** prev_hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What each entry's hash covers: everything stored about it except the hash itself. */
export type ChainEntry = {
  seq: number;
  eventId: string;
  globalPosition: string;
  streamId: string;
  accountId: string | null;
  type: string;
  occurredAt: string;
  ip: string | null;
  browser: string | null;
  os: string | null;
  details: Record<string, unknown>;
  /**
   * SHA-256 of the source event row in the event store (`sourceEventHash`), so an event edited
   * in the store replays into different hashes. Absent (and then left out of the hash) only on
   * entries written before it existed.
   */
  eventHash?: string;
  prevHash: string;
};

/** JSON with object keys sorted at every level (undefined members dropped): one text per value. */
export function canonicalJson(value: unknown): string {
  // The verifier runs this twice per entry over millions of entries: plain loops, no intermediate arrays.
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'object':
      break;
    default:
      return JSON.stringify(value) ?? 'null';
  }
  if (value === null) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += value[i] === undefined ? 'null' : canonicalJson(value[i]);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  // Default sort: by UTF-16 code units, as a < b.
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const v = record[key];
    if (v === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(v)}`;
    first = false;
  }
  return `${out}}`;
}

/** crypto.hash (Node >= 20.12): a one-shot digest without a Hash object per call. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

export function sha256Hex(text: string): string {
  return oneShot ? oneShot('sha256', text, 'hex') : createHash('sha256').update(text, 'utf8').digest('hex');
}

/** SHA-256 of the entry's canonical JSON, which includes the previous entry's hash. */
export function entryHash(entry: ChainEntry): string {
  return sha256Hex(canonicalEntryJson(entry));
}

/**
 * canonicalJson(entry) for an object with exactly the members of ChainEntry, written member by
 * member in their sorted order (what the verifier does a million times); anything else goes
 * through canonicalJson.
 */
export function canonicalEntryJson(entry: ChainEntry): string {
  // Only own members of ChainEntry (absent or undefined ones are left out either way).
  const proto = Object.getPrototypeOf(entry) as unknown;
  if (proto !== Object.prototype && proto !== null) return canonicalJson(entry);
  for (const k of Object.keys(entry)) if (!ENTRY_KEY_SET.has(k)) return canonicalJson(entry);
  const e = entry as unknown as Record<string, unknown>;
  let out = '{';
  let first = true;
  for (const k of ENTRY_KEYS) {
    const v = e[k];
    if (v === undefined) continue;
    out += `${first ? '' : ','}"${k}":${canonicalJson(v)}`;
    first = false;
  }
  return `${out}}`;
}

/** The members of ChainEntry, sorted as canonicalJson sorts them (none needs JSON escaping). */
const ENTRY_KEYS = ['accountId', 'browser', 'details', 'eventHash', 'eventId', 'globalPosition', 'ip', 'occurredAt', 'os', 'prevHash', 'seq', 'streamId', 'type'] as const;
const ENTRY_KEY_SET = new Set<string>(ENTRY_KEYS);

/** The columns of an event store row that an entry's `eventHash` covers. */
export type SourceEventRow = {
  id: string;
  streamId: string;
  streamVersion: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recordedAt: Date;
};

/**
 * SHA-256 of the canonical JSON of an event row: id, stream id, version, type, data, metadata and
 * recorded_at (at the millisecond JavaScript reads). Any edit of those in the event store changes it.
 */
export function sourceEventHash(e: SourceEventRow): string {
  return sourceEventHashAt(e, e.recordedAt.toISOString());
}

/** sourceEventHash with recorded_at given as its ISO text (what `recordedAt.toISOString()` gives), for the verifier. */
export function sourceEventHashAt(e: Omit<SourceEventRow, 'recordedAt'>, recordedAtIso: string): string {
  return sha256Hex(
    canonicalJson({
      eventId: e.id,
      streamId: e.streamId,
      streamVersion: e.streamVersion,
      type: e.type,
      data: e.data ?? null,
      metadata: e.metadata ?? {},
      recordedAt: recordedAtIso,
    }),
  );
}
