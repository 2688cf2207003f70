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

/**
 * `canonicalJson(JSON.parse(text))`, written straight from the text without building the value
 * (the verifier does this three times per entry). Strings and keys without escapes are copied
 * as they are (JSON.stringify would write them the same), numbers go through Number. Anything
 * this reader is not sure of (control characters, surrogates, duplicate keys, text that is not
 * JSON) goes the long way, JSON.parse then canonicalJson, which also throws what JSON.parse throws.
 */
export function canonicalJsonText(text: string): string {
  if (!UNSURE_CHARS.test(text)) {
    src = text;
    pos = 0;
    nextBackslash = -1;
    try {
      const out = readValue();
      skipSpaces();
      if (pos === src.length) return out;
    } catch {
      // UNSURE, or a nesting too deep for this reader: the long way decides.
    } finally {
      src = '';
    }
  }
  return canonicalJson(JSON.parse(text));
}

/** Raw control characters (JSON whitespace other than space included) and UTF-16 surrogates: left to JSON.parse. */
const UNSURE_CHARS = /[\u0000-\u001f\ud800-\udfff]/;
const UNSURE = new Error('canonicalJsonText: not sure, the long way');
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
let src = '';
let pos = 0;
/** Position of the next backslash at or after `pos` (src.length when none), -1 before the first look. */
let nextBackslash = -1;

function skipSpaces(): void {
  while (src.charCodeAt(pos) === 32) pos++;
}

function readValue(): string {
  skipSpaces();
  const c = src.charCodeAt(pos);
  if (c === 34) return readString();
  if (c === 123) return readObject();
  if (c === 91) return readArray();
  if (c === 45 || (c >= 48 && c <= 57)) {
    NUMBER.lastIndex = pos;
    const m = NUMBER.exec(src);
    if (!m) throw UNSURE;
    pos += m[0].length;
    const n = Number(m[0]);
    return Number.isFinite(n) ? JSON.stringify(n) : 'null';
  }
  for (const word of LITERALS) {
    if (src.startsWith(word, pos)) {
      pos += word.length;
      return word;
    }
  }
  throw UNSURE;
}
const LITERALS = ['true', 'false', 'null'] as const;

/** The value of the last string readString read. */
let stringValue = '';

/** The string at `pos` (its opening quote): JSON.stringify of its value (the value itself in `stringValue`). */
function readString(): string {
  const start = pos;
  if (nextBackslash < start) {
    nextBackslash = src.indexOf('\\', start);
    if (nextBackslash < 0) nextBackslash = src.length;
  }
  let end = src.indexOf('"', start + 1);
  if (end < 0) throw UNSURE;
  if (nextBackslash > end) {
    pos = end + 1;
    stringValue = src.slice(start + 1, end);
    return src.slice(start, end + 1);
  }
  // Escapes: find the closing quote (one not escaped), then let JSON.parse read the string.
  for (;;) {
    let b = end - 1;
    while (src.charCodeAt(b) === 92) b--;
    if ((end - 1 - b) % 2 === 0) break;
    end = src.indexOf('"', end + 1);
    if (end < 0) throw UNSURE;
  }
  pos = end + 1;
  let value: unknown;
  try {
    value = JSON.parse(src.slice(start, end + 1));
  } catch {
    throw UNSURE;
  }
  stringValue = value as string;
  return JSON.stringify(value);
}

/** Steps into the array or object at `pos`; true (and past it) when it closes at once with `close`. */
function enterEmpty(close: number): boolean {
  pos++;
  skipSpaces();
  if (src.charCodeAt(pos) !== close) return false;
  pos++;
  return true;
}

function readArray(): string {
  if (enterEmpty(93)) return '[]';
  let out = '[';
  for (;;) {
    out += readValue();
    skipSpaces();
    const c = src.charCodeAt(pos++);
    if (c === 93) return `${out}]`;
    if (c !== 44) throw UNSURE;
    out += ',';
  }
}

function readObject(): string {
  if (enterEmpty(125)) return '{}';
  const keys: string[] = [];
  const members: string[] = [];
  for (;;) {
    skipSpaces();
    if (src.charCodeAt(pos) !== 34) throw UNSURE;
    const quoted = readString();
    const key = stringValue;
    skipSpaces();
    if (src.charCodeAt(pos++) !== 58) throw UNSURE;
    const member = `${quoted}:${readValue()}`;
    // Insertion into sorted order (as Object.keys(…).sort() orders, by UTF-16 code units); a key twice is left to JSON.parse.
    let i = keys.length;
    while (i > 0 && keys[i - 1] > key) {
      keys[i] = keys[i - 1];
      members[i] = members[i - 1];
      i--;
    }
    if (i > 0 && keys[i - 1] === key) throw UNSURE;
    keys[i] = key;
    members[i] = member;
    skipSpaces();
    const c = src.charCodeAt(pos++);
    if (c === 125) {
      let out = `{${members[0]}`;
      for (let j = 1; j < members.length; j++) out += `,${members[j]}`;
      return `${out}}`;
    }
    if (c !== 44) throw UNSURE;
  }
}
