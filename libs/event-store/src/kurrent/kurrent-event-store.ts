import { createHash, randomUUID } from 'node:crypto';
import type * as kurrent from '@kurrent/kurrentdb-client';
import { hasClaimChanges } from '../store/claims';
import { ClaimTakenError, DuplicateEventIdError, WrongExpectedVersionError } from '../store/event-store.errors';
import type {
  AppendOptions,
  AppendResult,
  Checkpoint,
  Claim,
  EventLog,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
} from '../store/event-store.types';

/**
 * The part of `KurrentDBClient` (`@kurrent/kurrentdb-client`) this store uses. The real client fits;
 * unit specs pass a fake. Only types are imported here: the client package (gRPC and a native
 * bridge) is loaded by `KurrentEventStore.connect`, not by importing `@app/event-store`.
 */
export interface KurrentClientLike {
  appendToStream(
    streamName: string,
    events: kurrent.EventData[],
    options?: kurrent.AppendToStreamOptions,
  ): Promise<kurrent.AppendResult>;
  readStream(streamName: string, options?: kurrent.ReadStreamOptions): AsyncIterable<kurrent.ResolvedEvent>;
  readAll(options?: kurrent.ReadAllOptions): AsyncIterable<kurrent.AllStreamResolvedEvent>;
  dispose?(): Promise<void>;
}

export type KurrentEventStoreOptions = {
  /**
   * The most events `readAll` asks of KurrentDB in one request (it asks again when skipped system
   * events left the page short). Default 1000; at least 2.
   */
  readAllPageSize?: number;
};

// The client's constants, typed by the package but defined here so that no runtime import is needed.
const ANY: typeof kurrent.ANY = 'any';
const NO_STREAM: typeof kurrent.NO_STREAM = 'no_stream';
const START: typeof kurrent.START = 'start';
const END: typeof kurrent.END = 'end';
const FORWARDS: typeof kurrent.FORWARDS = 'forwards';
const BACKWARDS: typeof kurrent.BACKWARDS = 'backwards';
// kurrent.ErrorType.WRONG_EXPECTED_VERSION / STREAM_NOT_FOUND (the `type` of the client's errors).
const WRONG_EXPECTED_VERSION = 'wrong-expected-version';
const STREAM_NOT_FOUND = 'stream-not-found';

/** The store's own streams (claims, checkpoints): refused to callers, skipped by `readAll`. */
const INTERNAL = '@';
const CLAIM_STREAM = `${INTERNAL}claim-`;
const CHECKPOINT_STREAM = `${INTERNAL}checkpoint-`;
/** How many times a reservation is read and written again when another writer moved its stream meanwhile. */
const CLAIM_ATTEMPTS = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A recorded event as the client returns it (JSON or binary). */
type KurrentRecord = {
  streamId: string;
  id: string;
  type: string;
  revision: bigint;
  created: Date;
  data: unknown;
  metadata?: unknown;
  isJson: boolean;
  position?: kurrent.Position;
};

type PreparedEvent = { id: string; type: string; data: unknown; metadata: EventMetadata };

/**
 * The `EventStore` on KurrentDB (EventStoreDB): one KurrentDB stream per stream id, `$all` for
 * `readAll`. Versions: our 1-based `streamVersion` is KurrentDB's 0-based revision + 1.
 * Checkpoints: `globalPosition` = commit position, `transactionId` = prepare position.
 * See README.md ("KurrentDB") for what it does and does not provide.
 */
export class KurrentEventStore implements EventStore, EventLog {
  private readonly pageSize: number;
  /** `listen`'s callbacks: woken by this store's own appends (other writers are found by polling). */
  private readonly appendListeners = new Set<() => void>();

  constructor(
    readonly client: KurrentClientLike,
    options: KurrentEventStoreOptions = {},
  ) {
    const pageSize = options.readAllPageSize ?? 1000;
    if (!Number.isInteger(pageSize) || pageSize < 2) throw new Error(`readAllPageSize must be an integer >= 2 (got ${pageSize})`);
    this.pageSize = pageSize;
  }

  /**
   * A store on a new `KurrentDBClient` for `connectionString`, e.g.
   * `kurrentdb://admin:changeit@localhost:2113?tls=false`. The client connects on first use.
   */
  static async connect(connectionString: string, options?: KurrentEventStoreOptions): Promise<KurrentEventStore> {
    const { KurrentDBClient } = await import('@kurrent/kurrentdb-client');
    return new KurrentEventStore(KurrentDBClient.connectionString(connectionString), options);
  }

  /** Closes the client's connections. */
  async close(): Promise<void> {
    await this.client.dispose?.();
  }

  /**
   * Appends `events` to `streamId` atomically after KurrentDB checked `expectedVersion` (default
   * 'any'). Appending events whose ids are all already stored in this stream returns the original
   * result; some of them stored there only → DuplicateEventIdError.
   *
   * `claims` are reservation streams (`@claim-<scope>-<sha256 of value>`, events ClaimAcquired /
   * ClaimReleased, each written with the expected revision of the reservation it read): the
   * acquired ones are taken first, then the events are appended, then the released ones are
   * given up. A claim another owner holds (ClaimTakenError), or an append that fails, gives the
   * reservations taken so far back. KurrentDB has no transaction across streams: a process that
   * dies between the reservations and the append leaves them held by their owner (the same
   * owner can take them again; `releaseClaims` frees them), and a released value stays held
   * until the append is in.
   */
  async append(streamId: string, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    const prepared = prepareEvents(streamId, events);
    const expected = options.expectedVersion ?? 'any';
    const streamState = toStreamState(expected);
    const { claims } = options;
    if (!hasClaimChanges(claims)) return this.appendPrepared(streamId, prepared, expected, streamState);
    const acquired: Claim[] = [];
    let result: AppendResult;
    try {
      for (const claim of claims.acquire ?? []) if (await this.acquire(claim)) acquired.push(claim);
      result = await this.appendPrepared(streamId, prepared, expected, streamState);
    } catch (err) {
      await this.releaseClaims(acquired);
      throw err;
    }
    await this.releaseClaims(claims.release ?? []);
    return result;
  }

  /** The owner holding `value` in `scope`, if any (the reservation stream's last event). */
  async claimHolder(scope: string, value: string): Promise<string | undefined> {
    return (await this.reservation({ scope, value, owner: '' })).holder;
  }

  /** Gives up claims: those the given owner holds (a ClaimReleased on each reservation stream). */
  async releaseClaims(claims: readonly Claim[]): Promise<void> {
    for (const claim of claims) {
      await this.changeReservation(claim, (holder) => (holder === claim.owner ? 'ClaimReleased' : null));
    }
  }

  /** A subscription's checkpoint: the last event of its stream `@checkpoint-<name>`. */
  async readCheckpoint(name: string): Promise<Checkpoint> {
    const [last] = await this.readRecords(`${CHECKPOINT_STREAM}${name}`, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
    const data = last?.data as { checkpoint?: Checkpoint } | undefined;
    return data?.checkpoint ?? null;
  }

  async storeCheckpoint(name: string, checkpoint: Checkpoint): Promise<void> {
    await this.client.appendToStream(`${CHECKPOINT_STREAM}${name}`, [toEventData(internalEvent('CheckpointStored', { checkpoint }))], { streamState: ANY });
  }

  /** Takes a reservation for its owner; false when the owner held it already. */
  private async acquire(claim: Claim): Promise<boolean> {
    return this.changeReservation(claim, (holder) => {
      if (holder === claim.owner) return null;
      if (holder !== undefined) throw new ClaimTakenError(claim, holder);
      return 'ClaimAcquired';
    });
  }

  /** Reads the reservation, asks `next` what to write (nothing: null) and writes it at the revision read; again when another writer got in between. */
  private async changeReservation(claim: Claim, next: (holder: string | undefined) => 'ClaimAcquired' | 'ClaimReleased' | null): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      const { holder, revision } = await this.reservation(claim);
      const type = next(holder);
      if (!type) return false;
      try {
        await this.client.appendToStream(claimStream(claim), [toEventData(internalEvent(type, claim))], { streamState: revision ?? NO_STREAM });
        return true;
      } catch (err) {
        if (!isKurrentError(err, WRONG_EXPECTED_VERSION) || attempt >= CLAIM_ATTEMPTS) throw err;
      }
    }
  }

  private async reservation(claim: Claim): Promise<{ holder: string | undefined; revision: bigint | undefined }> {
    const [last] = await this.readRecords(claimStream(claim), { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
    if (!last) return { holder: undefined, revision: undefined };
    const data = last.data as Partial<Claim> | undefined;
    return { holder: last.type === 'ClaimAcquired' ? data?.owner : undefined, revision: last.revision };
  }

  private async appendPrepared(streamId: string, prepared: PreparedEvent[], expected: ExpectedVersion, streamState: kurrent.AppendStreamState): Promise<AppendResult> {
    if (prepared.length === 0) {
      // Nothing to write: check the version here rather than send an empty append.
      const current = await this.streamVersion(streamId);
      if (!matchesExpected(expected, current)) throw new WrongExpectedVersionError(streamId, expected, current);
      return { nextExpectedVersion: current, globalPositions: [], transactionId: null };
    }

    let result: kurrent.AppendResult;
    try {
      result = await this.client.appendToStream(streamId, prepared.map(toEventData), { streamState });
    } catch (err) {
      if (!isKurrentError(err, WRONG_EXPECTED_VERSION)) throw err;
      const actualState = (err as { actualState?: kurrent.CurrentStreamState }).actualState;
      return this.resolveConflict(streamId, prepared, expected, actualState === undefined ? undefined : versionOf(actualState));
    }
    if (result.success === false) {
      // A client built with `throwOnAppendFailure: false` answers instead of throwing; its revision
      // is not reliable in that case (batch appends report a boolean), so the stream is asked.
      return this.resolveConflict(streamId, prepared, expected, undefined);
    }
    this.notifyAppended();
    return this.resultOf(streamId, prepared, result.nextExpectedRevision);
  }

  /** The events of one stream, by version (from `fromVersion`, default 1); [] when it does not exist. */
  async readStream<T = unknown>(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent<T>[]> {
    const fromVersion = options.fromVersion ?? 1;
    if (!Number.isInteger(fromVersion)) throw new Error(`fromVersion must be an integer (got ${fromVersion})`);
    const records = await this.readRecords(streamId, {
      direction: FORWARDS,
      fromRevision: fromVersion > 1 ? BigInt(fromVersion - 1) : START,
    });
    return records.map((r) => toRecorded<T>(r));
  }

  /**
   * Events after `after` in `$all` order (commit position), at most `limit` (default 1000), without
   * system events: streams or event types starting with '$' (stats, metadata, links, ...).
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? 1000;
    if (!Number.isInteger(limit) || limit < 0) throw new Error(`limit must be a non-negative integer (got ${limit})`);
    const out: RecordedEvent[] = [];
    if (limit === 0) return out;

    // KurrentDB reads $all from a position inclusively: the event at `after` comes back and is dropped.
    for await (const page of this.pagesOfAll(FORWARDS, positionOf(options.after ?? null), Math.min(limit + 1, this.pageSize))) {
      for (const event of page) if (!isSystemEvent(event) && out.length < limit) out.push(toRecorded(event));
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * The checkpoint of the newest event in `$all` (system events and the store's own streams
   * skipped): read backwards from the end, a page at a time. Null when there is none.
   */
  async headCheckpoint(): Promise<Checkpoint> {
    for await (const page of this.pagesOfAll(BACKWARDS, null, this.pageSize)) {
      const newest = page.find((event) => !isSystemEvent(event));
      if (newest?.position) return { transactionId: newest.position.prepare.toString(), globalPosition: newest.position.commit.toString() };
    }
    return null;
  }

  /**
   * `$all` from `from` (excluded; null: from its start, or its end backwards) in `direction`, a
   * page of records at a time (system ones included), until its end. Whether the server returns
   * the record at `from` or not, it is dropped.
   */
  private async *pagesOfAll(direction: typeof FORWARDS | typeof BACKWARDS, from: kurrent.Position | null, pageSize: number): AsyncGenerator<KurrentRecord[]> {
    let after = from;
    const passed = (p: kurrent.Position) => after !== null && (direction === FORWARDS ? comparePositions(p, after) <= 0 : comparePositions(p, after) >= 0);
    for (;;) {
      let read = 0;
      let last: kurrent.Position | null = null;
      const page: KurrentRecord[] = [];
      for await (const resolved of this.client.readAll({
        direction,
        fromPosition: after ?? (direction === FORWARDS ? START : END),
        maxCount: pageSize,
        resolveLinkTos: false,
      })) {
        read++;
        const event = resolved.event as KurrentRecord | undefined;
        const position = event?.position ?? null;
        if (!event || !position) continue;
        last = position;
        if (!passed(position)) page.push(event);
      }
      yield page;
      if (read < pageSize || !last || passed(last)) return; // the end of $all
      after = last;
    }
  }

  /**
   * The checkpoint of the event at commit position `globalPosition` (an append's result), null
   * while `$all` has no event there. Looks it up at `{ commit, prepare: commit }`: the position
   * of every event this store writes (gRPC appends have commit == prepare).
   */
  async checkpointAt(globalPosition: string): Promise<Checkpoint> {
    const commit = BigInt(globalPosition);
    for await (const resolved of this.client.readAll({ direction: FORWARDS, fromPosition: { commit, prepare: commit }, maxCount: 1, resolveLinkTos: false })) {
      const position = (resolved.event as KurrentRecord | undefined)?.position;
      if (position && position.commit === commit) return { transactionId: position.prepare.toString(), globalPosition: position.commit.toString() };
    }
    return null;
  }

  /**
   * How many events (system ones skipped) come after `checkpoint`, counted up to `cap` (default
   * 10,000): `$all` has no count, so this reads them, a page at a time. A reader's lag for health.
   */
  async countAfter(checkpoint: Checkpoint, cap = 10_000): Promise<number> {
    let count = 0;
    let after = checkpoint;
    while (count < cap) {
      const page = await this.readAll({ after, limit: Math.min(this.pageSize, cap - count) });
      if (page.length === 0) break;
      count += page.length;
      after = { transactionId: page[page.length - 1].transactionId, globalPosition: page[page.length - 1].globalPosition };
    }
    return count;
  }

  /** How many events `$all` holds (system ones skipped): reads them all (a rebuild's progress total). */
  countEvents(): Promise<number> {
    return this.countAfter(null, Number.MAX_SAFE_INTEGER);
  }

  /**
   * Calls `onAppend` after each append of this store object (this process's writes). KurrentDB
   * has no NOTIFY: the appends of other processes are found by the readers' polling.
   */
  async listen(onAppend: () => void): Promise<{ close: () => Promise<void> }> {
    const listener = () => onAppend();
    this.appendListeners.add(listener);
    return { close: async () => void this.appendListeners.delete(listener) };
  }

  private notifyAppended(): void {
    for (const listener of this.appendListeners) {
      try {
        listener();
      } catch {
        // a listener's failure is its own
      }
    }
  }

  /** The current version of a stream (its last revision + 1); 0 when it does not exist. */
  async streamVersion(streamId: string): Promise<number> {
    const [last] = await this.readRecords(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
    return last ? Number(last.revision) + 1 : 0;
  }

  /**
   * KurrentDB refused the append. Its own dedupe already covers a retry at the same expected version;
   * this finds the other cases our rule covers, by the ids stored in the stream: all of them → the
   * original result, some → DuplicateEventIdError, none → the version conflict.
   */
  private async resolveConflict(
    streamId: string,
    events: PreparedEvent[],
    expected: ExpectedVersion,
    reportedActual: number | undefined,
  ): Promise<AppendResult> {
    const stored = await this.readRecords(streamId, { direction: FORWARDS, fromRevision: START });
    const byId = new Map(stored.map((r) => [r.id.toLowerCase(), r]));
    const found = events.flatMap((e) => byId.get(e.id) ?? []);
    if (found.length === events.length) return originalResult(found);
    if (found.length > 0) throw new DuplicateEventIdError(streamId, found.map((r) => r.id.toLowerCase()));
    const actual = reportedActual ?? (stored.length > 0 ? Number(stored[stored.length - 1].revision) + 1 : 0);
    throw new WrongExpectedVersionError(streamId, expected, actual);
  }

  /** The result of an append that KurrentDB accepted (or found already done): reads the events back for their positions. */
  private async resultOf(streamId: string, events: PreparedEvent[], lastRevision: bigint): Promise<AppendResult> {
    const from = lastRevision - BigInt(events.length - 1);
    let records = await this.readRecords(streamId, { direction: FORWARDS, fromRevision: from < 0n ? START : from, maxCount: events.length });
    if (!sameIds(records, events)) {
      // Only when KurrentDB's dedupe matched ids that are not consecutive (expected version 'any').
      const wanted = new Set(events.map((e) => e.id));
      records = (await this.readRecords(streamId, { direction: FORWARDS, fromRevision: START })).filter((r) => wanted.has(r.id.toLowerCase()));
    }
    const byId = new Map(records.map((r) => [r.id.toLowerCase(), r]));
    const ordered = events.map((e) => byId.get(e.id));
    if (ordered.some((r) => r === undefined)) {
      throw new Error(`KurrentDB accepted the append to '${streamId}' but the events could not be read back`);
    }
    return { ...originalResult(ordered as KurrentRecord[]), nextExpectedVersion: Number(lastRevision) + 1 };
  }

  private async readRecords(streamId: string, options: kurrent.ReadStreamOptions): Promise<KurrentRecord[]> {
    const records: KurrentRecord[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { resolveLinkTos: false, ...options })) {
        if (resolved.event) records.push(resolved.event as KurrentRecord);
      }
    } catch (err) {
      if (isKurrentError(err, STREAM_NOT_FOUND)) return [];
      throw err;
    }
    return records;
  }
}

/** 'any' → ANY; 0 and 'no-stream' → NO_STREAM; n > 0 → revision n - 1. */
function toStreamState(expected: ExpectedVersion): kurrent.AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no-stream' || expected === 0) return NO_STREAM;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected version ${String(expected)}`);
  return BigInt(expected - 1);
}

function matchesExpected(expected: ExpectedVersion, actual: number): boolean {
  return expected === 'any' || (expected === 'no-stream' ? 0 : expected) === actual;
}

/** KurrentDB's current stream state as our version: 'no_stream' → 0, revision r → r + 1. */
function versionOf(state: kurrent.CurrentStreamState): number {
  return typeof state === 'bigint' ? Number(state) + 1 : 0;
}

function positionOf(checkpoint: Checkpoint): kurrent.Position | null {
  if (checkpoint === null) return null;
  return { commit: BigInt(checkpoint.globalPosition), prepare: BigInt(checkpoint.transactionId) };
}

/** $all order: commit position, then prepare position. */
function comparePositions(a: kurrent.Position, b: kurrent.Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** KurrentDB's own records ('$' streams and types) and this store's ('@' streams: claims, checkpoints). */
function isSystemEvent(event: KurrentRecord): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$') || event.streamId.startsWith(INTERNAL);
}

function claimStream(claim: Pick<Claim, 'scope' | 'value'>): string {
  return `${CLAIM_STREAM}${claim.scope}-${createHash('sha256').update(claim.value).digest('hex')}`;
}

function internalEvent(type: string, data: unknown): PreparedEvent {
  return { id: randomUUID(), type, data, metadata: {} };
}

function isKurrentError(err: unknown, type: string): boolean {
  return err instanceof Error && (err as { type?: unknown }).type === type;
}

function sameIds(records: KurrentRecord[], events: PreparedEvent[]): boolean {
  return records.length === events.length && records.every((r, i) => r.id.toLowerCase() === events[i].id);
}

function originalResult(stored: KurrentRecord[]): AppendResult {
  const recorded = stored.map((r) => toRecorded(r));
  return {
    nextExpectedVersion: Math.max(...recorded.map((e) => e.streamVersion)),
    globalPositions: recorded.map((e) => e.globalPosition),
    transactionId: recorded[0].transactionId,
  };
}

function prepareEvents(streamId: string, events: readonly NewEvent[]): PreparedEvent[] {
  if (!streamId) throw new Error('streamId is required');
  // '$' streams and types are KurrentDB's own: readAll skips them, so projections would never see them.
  if (streamId.startsWith('$')) throw new Error(`Stream ids starting with '$' are KurrentDB system streams (got '${streamId}')`);
  if (streamId.startsWith(INTERNAL)) throw new Error(`Stream ids starting with '${INTERNAL}' are the store's own (claims, checkpoints) (got '${streamId}')`);
  const seen = new Set<string>();
  return events.map((e) => {
    const id = (e.id ?? randomUUID()).toLowerCase();
    if (!UUID.test(id)) throw new Error(`Event id must be a uuid (got '${id}')`);
    if (seen.has(id)) throw new Error(`Event id ${id} appears twice in one append`);
    seen.add(id);
    if (!e.type) throw new Error('Event type is required');
    if (e.type.startsWith('$')) throw new Error(`Event types starting with '$' are KurrentDB system events (got '${e.type}')`);
    return { id, type: e.type, data: e.data === undefined ? null : e.data, metadata: e.metadata ?? {} };
  });
}

/** A JSON event, as the client's `jsonEvent` builds it (the client JSON-encodes data and metadata). */
function toEventData(e: PreparedEvent): kurrent.EventData {
  return {
    id: e.id,
    contentType: 'application/json',
    type: e.type,
    data: e.data as kurrent.JSONType,
    metadata: e.metadata as kurrent.MetadataType,
  };
}

function toRecorded<T>(r: KurrentRecord): RecordedEvent<T> {
  const position = r.position;
  if (!position) {
    throw new Error(`KurrentDB returned event ${r.id} without its position (KurrentEventStore needs a server newer than 22.6)`);
  }
  return {
    globalPosition: position.commit.toString(),
    transactionId: position.prepare.toString(),
    streamId: r.streamId,
    streamVersion: Number(r.revision) + 1,
    id: r.id.toLowerCase(),
    type: r.type,
    data: r.data as T,
    metadata: isPlainObject(r.metadata) ? (r.metadata as EventMetadata) : {},
    recordedAt: r.created instanceof Date ? r.created : new Date(r.created),
  };
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}
