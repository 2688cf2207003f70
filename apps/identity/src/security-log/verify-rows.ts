import { types } from 'pg';
import { canonicalJsonText, sha256Hex } from './hash-chain';

/**
 * The verifier's rows, read with `COPY (SELECT …) TO STDOUT` (text format) instead of paged
 * SELECTs, and checked one by one. COPY's text format carries the very text node-pg receives for a
 * SELECT (the same output functions, the same session settings); each column is read as node-pg
 * would read it (jsonb with JSON.parse: canonicalJsonText writes canonicalJson of that value;
 * timestamptz into a Date), so an entry is hashed from the same values either way.
 */

/** The columns of one verify row, in COPY order: the entry, its source event found by position, and by id (only when the one by position is another event). */
export const VERIFY_COLUMNS = [
  's.seq',
  's.event_id',
  's.global_position',
  's.stream_id',
  's.account_id',
  's.type',
  's.occurred_at',
  's.ip',
  's.browser',
  's.os',
  's.details',
  's.event_hash',
  's.prev_hash',
  's.hash',
  'e.event_id',
  'e.stream_id',
  'e.stream_version',
  'e.type',
  'e.data',
  'e.metadata',
  'e.recorded_at',
  'f.event_id',
  'f.stream_id',
  'f.stream_version',
  'f.type',
  'f.data',
  'f.metadata',
  'f.recorded_at',
] as const;
const WIDTH = VERIFY_COLUMNS.length;
/** Where the source columns start: by position (e), by id (f). */
const BY_POSITION = 14;
const BY_ID = 21;

/**
 * One COPY statement of the verify walk: up to `limit` entries after `afterSeq`, in chain order.
 * The source event row is found by its position (the primary key, in the log's order: a merge join
 * of two index scans); only when the row there is not the entry's event is it looked up by id
 * (`OFFSET 0` keeps the lateral subquery from being flattened into the join, so its first condition
 * gates it: the plan shows a One-Time Filter, and the id index is probed only for those rows).
 */
export function verifyCopySql(schemaIdent: string, afterSeq: number, limit: number): string {
  if (!Number.isSafeInteger(afterSeq) || afterSeq < 0 || !Number.isSafeInteger(limit) || limit < 1) throw new Error('bad verify range');
  const cols = VERIFY_COLUMNS.map((c) => (c.endsWith('.event_id') && !c.startsWith('s.') ? `${c}::text` : c)).join(', ');
  return `COPY (SELECT ${cols}
    FROM ${schemaIdent}.security_log s
    LEFT JOIN ${schemaIdent}.events e ON e.global_position = s.global_position
    LEFT JOIN LATERAL (
      SELECT x.event_id, x.stream_id, x.stream_version, x.type, x.data, x.metadata, x.recorded_at
        FROM ${schemaIdent}.events x
       WHERE e.event_id IS DISTINCT FROM s.event_id AND x.event_id = s.event_id
      OFFSET 0
    ) f ON true
   WHERE s.seq > ${afterSeq} ORDER BY s.seq LIMIT ${limit}) TO STDOUT`;
}

/**
 * The fields of one line of COPY text format (without its newline): `\N` is null, and the escapes
 * COPY TO writes (`\\`, `\b`, `\f`, `\n`, `\r`, `\t`, `\v`) are undone. Throws on any other
 * escape (COPY TO never writes one) rather than guess.
 */
export function copyTextFields(line: string): (string | null)[] {
  const fields: (string | null)[] = line.split('\t');
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] as string;
    if (f.indexOf('\\') < 0) continue;
    fields[i] = f === '\\N' ? null : unescapeCopyText(f);
  }
  return fields;
}

const ESCAPES: Record<string, string> = { '\\': '\\', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

export function unescapeCopyText(f: string): string {
  let out = '';
  let from = 0;
  for (let i = f.indexOf('\\'); i >= 0; i = f.indexOf('\\', from)) {
    const c = ESCAPES[f[i + 1]];
    if (c === undefined) throw new Error(`unexpected escape '\\${f[i + 1] ?? ''}' in COPY output`);
    out += f.slice(from, i) + c;
    from = i + 2;
  }
  return out + f.slice(from);
}

/** node-pg's parsers for the column types read here (what a SELECT through node-pg gives). */
const parseTimestamptz = types.getTypeParser(1184, 'text') as (text: string) => Date;

/** A timestamptz as ISO-style output at UTC: year 1000-9999, up to 6 fraction digits, offset +00. */
const UTC_TIMESTAMP = /^[1-9]\d{3}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.(\d{1,6}))?\+00$/;

/**
 * `parseTimestamptz(text).toISOString()` (the millisecond JavaScript reads: node-pg's Date, fraction
 * truncated), without the Date where the text is Postgres' ISO output at UTC; anything else goes
 * through node-pg's parser. The unit tests compare both over every fraction of a second.
 */
export function timestamptzIso(text: string): string {
  const m = UTC_TIMESTAMP.exec(text);
  if (!m) return parseTimestamptz(text).toISOString();
  const frac = m[1];
  const ms = frac === undefined ? '000' : frac.length >= 3 ? frac.slice(0, 3) : frac.length === 2 ? `${frac}0` : `${frac}00`;
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
}

/** What checking one row found. `hash` is the stored hash (the next entry's expected prev_hash). */
export type RowCheck = {
  seq: number;
  eventId: string;
  hash: string;
  /**
   * How far the source event check got: 'checked' (compared with the source row, whatever the
   * outcome), 'unhashed' (an entry written before source hashing), null (an earlier check failed).
   */
  source: 'checked' | 'unhashed' | null;
  /** Why this entry breaks the chain, or null. */
  failure: string | null;
};

/** canonicalJson of a text column's value (null for SQL NULL). */
const jsonString = (v: string | null): string => (v === null ? 'null' : JSON.stringify(v));
/** canonicalJson of a number. */
const jsonNumber = (n: number): string => (Number.isFinite(n) ? JSON.stringify(n) : 'null');
/** A JSON text that is the literal null. */
const JSON_NULL = /^[ \t\n\r]*null[ \t\n\r]*$/;
/** canonicalJson of `JSON.parse(text) ?? {}` (SQL NULL too gives {}). */
const jsonObjectText = (text: string | null): string => (text === null || JSON_NULL.test(text) ? '{}' : canonicalJsonText(text));

/**
 * Checks one verify row: that it is entry #`expectedSeq`, links to `prevHash`, matches its own
 * hash and its source event row. The checks and their order are the ones the walk always made;
 * the first failing one is reported. The hashed texts are written member by member from the
 * columns, the very text canonicalEntryJson and sourceEventHash write for the values node-pg
 * would give (the unit specs compare both ways over random rows).
 */
export function checkVerifyRow(fields: readonly (string | null)[], expectedSeq: number, prevHash: string): RowCheck {
  if (fields.length !== WIDTH) throw new Error(`a verify row has ${fields.length} columns, expected ${WIDTH}`);
  const seq = Number(fields[0]);
  const eventId = String(fields[1]);
  const entryPrev = String(fields[12]);
  const eventHash = fields[11] ? String(fields[11]) : undefined;
  const hash = String(fields[13]);
  const result: RowCheck = { seq, eventId, hash, source: null, failure: null };
  if (seq !== expectedSeq) {
    result.failure = `expected entry #${expectedSeq}, found #${seq}: entries are missing`;
    return result;
  }
  if (entryPrev !== prevHash) {
    result.failure = 'prev_hash does not match the hash of the previous entry';
    return result;
  }
  // canonicalEntryJson: the members of ChainEntry in their sorted order.
  const entryJson =
    `{"accountId":${jsonString(fields[4] ?? null)},"browser":${jsonString(fields[8] ?? null)},"details":${jsonObjectText(fields[10])}` +
    `${eventHash === undefined ? '' : `,"eventHash":${JSON.stringify(eventHash)}`},"eventId":${JSON.stringify(eventId)}` +
    `,"globalPosition":${JSON.stringify(String(fields[2]))},"ip":${jsonString(fields[7] ?? null)},"occurredAt":${JSON.stringify(timestamptzIso(fields[6] as string))}` +
    `,"os":${jsonString(fields[9] ?? null)},"prevHash":${JSON.stringify(entryPrev)},"seq":${jsonNumber(seq)},"streamId":${JSON.stringify(String(fields[3]))}` +
    `,"type":${JSON.stringify(String(fields[5]))}}`;
  if (sha256Hex(entryJson) !== hash) {
    result.failure = 'the entry was changed: its content does not match its hash';
    return result;
  }
  if (eventHash === undefined) {
    result.source = 'unhashed';
    return result;
  }
  // The source row by position, or else by id (null when the event store has none with this id).
  const at = fields[BY_POSITION] === eventId ? BY_POSITION : fields[BY_ID] === eventId ? BY_ID : -1;
  if (at < 0) {
    result.failure = 'its source event is missing from the event store';
    return result;
  }
  result.source = 'checked';
  // sourceEventHash: its members in their sorted order; data as parsed (SQL NULL: null), metadata `?? {}`.
  const data = fields[at + 4];
  const sourceJson =
    `{"data":${data === null ? 'null' : canonicalJsonText(data)},"eventId":${JSON.stringify(eventId)},"metadata":${jsonObjectText(fields[at + 5])}` +
    `,"recordedAt":${JSON.stringify(timestamptzIso(fields[at + 6] as string))},"streamId":${jsonString(fields[at + 1])}` +
    `,"streamVersion":${jsonNumber(Number(fields[at + 2]))},"type":${jsonString(fields[at + 3])}}`;
  if (sha256Hex(sourceJson) !== eventHash) result.failure = 'its source event was changed in the event store after it was logged';
  return result;
}

/** Where a batch of rows stopped: an entry that breaks the chain (`reason`), or whose hash an anchor contradicts (`reason` null). */
export type BatchBreak = { seq: number; eventId: string; hash: string; reason: string | null };

/** What checking a batch of rows found (see checkBatch). */
export type BatchResult = {
  /** Rows walked: all of them, or up to and including the breaking one. */
  n: number;
  /** Of those, entries whose source event row was compared, and entries written before source hashing. */
  checked: number;
  unhashed: number;
  /** The stored hash of the last row that passed every check, or null when none did. */
  lastGood: string | null;
  /** [seq, hash] of each row walked whose seq has an anchor, in order (the caller's AnchorCheck counts them). */
  anchored: [number, string][];
  broken: BatchBreak | null;
};

/**
 * Checks the rows of `text` (complete COPY text lines, no final newline) in order, as the walk
 * checks them one by one: the first is entry #`start + 1` and links to `prevHash` (the stored hash
 * of the row before the batch), each next one to the row before it; a row passing every check
 * of checkVerifyRow is then held against the anchors at its seq (`anchors`: seq to the hashes
 * anchored for it). Stops at the first row that fails. The same function runs in the verify's
 * worker threads and in-process.
 */
export function checkBatch(text: string, start: number, prevHash: string, anchors: ReadonlyMap<number, readonly string[]>): BatchResult {
  const result: BatchResult = { n: 0, checked: 0, unhashed: 0, lastGood: null, anchored: [], broken: null };
  if (text === '') return result;
  let prev = prevHash;
  let from = 0;
  while (from <= text.length) {
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    const r = checkVerifyRow(copyTextFields(text.slice(from, to)), start + result.n + 1, prev);
    from = to + 1;
    result.n++;
    if (r.source === 'checked') result.checked++;
    else if (r.source === 'unhashed') result.unhashed++;
    if (r.failure) {
      result.broken = { seq: r.seq, eventId: r.eventId, hash: r.hash, reason: r.failure };
      return result;
    }
    const anchored = anchors.size ? anchors.get(r.seq) : undefined;
    if (anchored) {
      result.anchored.push([r.seq, r.hash]);
      if (anchored.some((h) => h !== r.hash)) {
        result.broken = { seq: r.seq, eventId: r.eventId, hash: r.hash, reason: null };
        return result;
      }
    }
    prev = r.hash;
    result.lastGood = r.hash;
  }
  return result;
}
