import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendResult,
  type AppendToStreamOptions,
  type EventData,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import type { KurrentClientLike } from './kurrent-event-store';

type StoredRecord = {
  streamId: string;
  id: string;
  type: string;
  revision: bigint;
  created: Date;
  isJson: boolean;
  /** As sent over the wire: the client JSON-encodes JSON data and metadata. */
  data: Buffer;
  metadata: Buffer;
  position: Position;
};

export type FakeRequest =
  | { kind: 'append'; streamName: string; streamState: unknown; count: number }
  | { kind: 'readStream'; streamName: string; options: ReadStreamOptions }
  | { kind: 'readAll'; options: ReadAllOptions };

/**
 * A KurrentDB in memory, for unit specs: the subset of `KurrentDBClient` that KurrentEventStore
 * uses, with the server's rules as KurrentDB implements them (IndexWriter.CheckCommit):
 * - revisions are 0-based and gapless per stream; `$all` positions grow with every record, and
 *   an event written by a (gRPC, implicit-transaction) append has commit == prepare position;
 * - stream state ANY / STREAM_EXISTS: if the batch's first event id is stored in this stream, the
 *   append is idempotent when all its ids are (the original revisions are returned), else a
 *   wrong-expected-version ("corrupted idempotency"); an id stored in another stream does not count;
 * - NO_STREAM or revision e below the current revision: idempotent if the batch's ids sit at
 *   e+1, e+2, ... in this stream, otherwise wrong-expected-version;
 * - revision above the current one: wrong-expected-version; equal: written;
 * - the errors are the client's own classes (`WrongExpectedVersionError` with expectedState /
 *   actualState, `StreamNotFoundError` thrown while iterating a read of a missing stream).
 * The real server's dedupe cache for ANY is bounded (best effort); here it never forgets.
 */
export class FakeKurrentDBClient implements KurrentClientLike {
  readonly requests: FakeRequest[] = [];
  disposed = false;
  private readonly log: StoredRecord[] = [];
  private nextPosition = 1_000n;
  private clock = Date.parse('2024-05-01T10:00:00Z');

  constructor(private readonly options: { throwOnAppendFailure?: boolean } = {}) {
    // A fresh KurrentDB already has system records in $all.
    this.recordSystemEvent('$settings', '$settings', { $userStreamAcl: {} });
  }

  /** Writes a record the way the server itself does (no checks): stats, metadata, links... */
  recordSystemEvent(streamId: string, type: string, data: unknown = {}, options: { binaryMetadata?: boolean } = {}): void {
    this.write(streamId, [
      {
        id: randomUUID(),
        type,
        isJson: true,
        data: Buffer.from(JSON.stringify(data)),
        metadata: options.binaryMetadata ? Buffer.from([0xff, 0x00]) : Buffer.alloc(0),
      },
    ]);
  }

  /** Stores a non-JSON event in a user stream, as another writer could. */
  recordBinaryEvent(streamId: string, type: string, data: Uint8Array, metadata: Uint8Array): void {
    this.write(streamId, [{ id: randomUUID(), type, isJson: false, data: Buffer.from(data), metadata: Buffer.from(metadata) }]);
  }

  async appendToStream(streamName: string, events: EventData[], options: AppendToStreamOptions = {}): Promise<AppendResult> {
    const streamState = options.streamState ?? ANY;
    this.requests.push({ kind: 'append', streamName, streamState, count: events.length });
    if (events.length === 0) throw new Error('fake: empty appends are not modelled');
    const stream = this.stream(streamName);
    const current = stream.length > 0 ? stream[stream.length - 1].revision : -1n;
    const ids = events.map((e) => e.id);
    const decision = this.checkCommit(streamName, stream, current, streamState, ids);

    if (decision.kind === 'wrong-expected-version') {
      if (this.options.throwOnAppendFailure === false) {
        // What the real client resolves with in that mode (its revision is not to be relied on).
        return { success: false, nextExpectedRevision: 1n, position: undefined };
      }
      throw new WrongExpectedVersionError(undefined, {
        streamName,
        expected: streamState,
        current: current < 0n ? NO_STREAM : current,
      });
    }
    if (decision.kind === 'idempotent') {
      const last = stream.find((r) => r.revision === decision.end)!;
      return { success: true, nextExpectedRevision: decision.end, position: last.position };
    }
    const written = this.write(
      streamName,
      events.map((e) => ({
        id: e.id,
        type: e.type,
        isJson: e.contentType === 'application/json',
        data: e.contentType === 'application/json' ? Buffer.from(JSON.stringify(e.data)) : Buffer.from(e.data as Uint8Array),
        metadata: encodeMetadata(e.metadata),
      })),
    );
    const last = written[written.length - 1];
    return { success: true, nextExpectedRevision: last.revision, position: last.position };
  }

  readStream(streamName: string, options: ReadStreamOptions = {}): AsyncIterableIterator<ResolvedEvent> {
    this.requests.push({ kind: 'readStream', streamName, options });
    const { fromRevision = START, maxCount = Number.MAX_SAFE_INTEGER, direction = FORWARDS } = options;
    const stream = this.stream(streamName);
    const take = Number(maxCount);
    async function* read(): AsyncGenerator<ResolvedEvent> {
      if (stream.length === 0) throw new StreamNotFoundError(undefined, streamName);
      const last = stream[stream.length - 1].revision;
      let selected: StoredRecord[];
      if (direction === BACKWARDS) {
        const from = fromRevision === END ? last : fromRevision === START ? 0n : fromRevision;
        selected = stream.filter((r) => r.revision <= from).reverse();
      } else {
        const from = fromRevision === START ? 0n : fromRevision === END ? last + 1n : fromRevision;
        selected = stream.filter((r) => r.revision >= from);
      }
      for (const record of selected.slice(0, take)) yield { event: toClientRecord(record) as ResolvedEvent['event'] };
    }
    return read();
  }

  readAll(options: ReadAllOptions = {}): AsyncIterableIterator<AllStreamResolvedEvent> {
    this.requests.push({ kind: 'readAll', options });
    const { fromPosition = START, maxCount = Number.MAX_SAFE_INTEGER, direction = FORWARDS } = options;
    if (options.filter) throw new Error('fake: only unfiltered reads of $all are modelled');
    const log = this.log;
    const take = Number(maxCount);
    async function* read(): AsyncGenerator<AllStreamResolvedEvent> {
      // Inclusive: reading from an event's position returns that event first (backwards: last).
      const selected =
        direction === BACKWARDS
          ? (fromPosition === END || fromPosition === START
              ? fromPosition === END
                ? [...log]
                : []
              : log.filter(
                  (r) =>
                    r.position.commit < fromPosition.commit ||
                    (r.position.commit === fromPosition.commit && r.position.prepare <= fromPosition.prepare),
                )
            ).reverse()
          : fromPosition === START
          ? log
          : fromPosition === END
            ? []
            : log.filter(
                (r) =>
                  r.position.commit > fromPosition.commit ||
                  (r.position.commit === fromPosition.commit && r.position.prepare >= fromPosition.prepare),
              );
      for (const record of selected.slice(0, take)) {
        yield { event: toClientRecord(record) as AllStreamResolvedEvent['event'], commitPosition: record.position.commit };
      }
    }
    return read();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }

  private stream(streamName: string): StoredRecord[] {
    return this.log.filter((r) => r.streamId === streamName);
  }

  private checkCommit(
    streamName: string,
    stream: StoredRecord[],
    current: bigint,
    streamState: unknown,
    ids: string[],
  ): { kind: 'write' } | { kind: 'idempotent'; end: bigint } | { kind: 'wrong-expected-version' } {
    if (streamState === STREAM_EXISTS && current < 0n) return { kind: 'wrong-expected-version' };
    if (streamState === ANY || streamState === STREAM_EXISTS) {
      let end: bigint | null = null;
      for (const [i, id] of ids.entries()) {
        const stored = this.lastRecordWithId(id);
        if (!stored || stored.streamId !== streamName) return i === 0 ? { kind: 'write' } : { kind: 'wrong-expected-version' };
        end = stored.revision;
      }
      return { kind: 'idempotent', end: end! };
    }
    const expected = streamState === NO_STREAM ? -1n : (streamState as bigint);
    if (expected < current) {
      let revision = expected;
      for (const id of ids) {
        revision += 1n;
        if (stream.find((r) => r.revision === revision)?.id !== id) return { kind: 'wrong-expected-version' };
      }
      return { kind: 'idempotent', end: revision };
    }
    if (expected > current) return { kind: 'wrong-expected-version' };
    return { kind: 'write' };
  }

  private lastRecordWithId(id: string): StoredRecord | undefined {
    for (let i = this.log.length - 1; i >= 0; i--) if (this.log[i].id === id) return this.log[i];
    return undefined;
  }

  private write(streamId: string, records: Array<Pick<StoredRecord, 'id' | 'type' | 'isJson' | 'data' | 'metadata'>>): StoredRecord[] {
    const stream = this.stream(streamId);
    let revision = stream.length > 0 ? stream[stream.length - 1].revision : -1n;
    return records.map((r) => {
      const position = this.nextPosition;
      // Log positions are byte offsets: they grow by the record's size, not by one.
      this.nextPosition += BigInt(120 + r.type.length + r.data.length + r.metadata.length);
      const stored: StoredRecord = {
        ...r,
        streamId,
        revision: ++revision,
        created: new Date((this.clock += 1000)),
        position: { commit: position, prepare: position },
      };
      this.log.push(stored);
      return stored;
    });
  }
}

function encodeMetadata(metadata: unknown): Buffer {
  if (!metadata) return Buffer.alloc(0);
  if (metadata instanceof Uint8Array) return Buffer.from(metadata);
  return Buffer.from(JSON.stringify(metadata));
}

/** What the client makes of a record it reads (convertRustRecord). */
function toClientRecord(record: StoredRecord) {
  let metadata: unknown;
  if (record.metadata.length > 0) {
    try {
      metadata = JSON.parse(record.metadata.toString('utf8'));
    } catch {
      metadata = new Uint8Array(record.metadata);
    }
  }
  let data: unknown = new Uint8Array(record.data);
  if (record.isJson) {
    const text = record.data.toString('utf8');
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  return {
    streamId: record.streamId,
    id: record.id,
    revision: record.revision,
    type: record.type,
    data,
    metadata,
    isJson: record.isJson,
    created: new Date(record.created),
    position: { ...record.position },
  };
}
