/** Who and what caused an event. Stored beside the event, never part of its data. */
export type EventMetadata = {
  correlationId?: string;
  causationId?: string;
  actorId?: string;
  request?: { ip?: string; browser?: string; os?: string; userAgent?: string };
  [key: string]: unknown;
};

/** An event to append. `id` (uuid v4) makes the append idempotent; it is generated if absent. */
export type NewEvent<T = unknown> = {
  id?: string;
  type: string;
  data: T;
  metadata?: EventMetadata;
};

/** An event as stored. */
export type RecordedEvent<T = unknown> = {
  /** bigint as a decimal string */
  globalPosition: string;
  /** xid8 of the appending transaction, as a decimal string */
  transactionId: string;
  streamId: string;
  /** 1-based, gapless per stream */
  streamVersion: number;
  id: string;
  type: string;
  data: T;
  metadata: EventMetadata;
  recordedAt: Date;
};

/**
 * What the caller believes about the stream before appending:
 * a number = exact current version (0 = the stream must not exist yet),
 * 'no-stream' = same as 0, 'any' = no check.
 */
export type ExpectedVersion = number | 'any' | 'no-stream';

/**
 * A position in the "all" order: `(transactionId, globalPosition)` of the last event read.
 * `null` = before the first event.
 */
export type Checkpoint = { transactionId: string; globalPosition: string } | null;

/**
 * A unique value held by one owner: `value` (normalized by the caller, e.g. lower case) in
 * `scope` (e.g. 'account.email'), held by `owner` (e.g. the account id). One owner at a time.
 */
export type Claim = { scope: string; value: string; owner: string };

/**
 * Claims that change with an append, atomically with it: `release` gives up values the owner
 * holds (a value held by another owner is left alone), then `acquire` takes values (one the
 * same owner holds already is kept). A value another owner holds fails the whole append with
 * ClaimTakenError: nothing is stored, no claim changes.
 */
export type ClaimChanges = { acquire?: readonly Claim[]; release?: readonly Claim[] };

export type AppendOptions = { expectedVersion?: ExpectedVersion; claims?: ClaimChanges };

export type AppendResult = {
  /** The stream version after the append: pass it as `expectedVersion` to append next. */
  nextExpectedVersion: number;
  /** One per appended event, in order. */
  globalPositions: string[];
  /** xid8 of the transaction that stored the events (decimal string); null if nothing was appended. */
  transactionId: string | null;
};

export type ReadStreamOptions = { fromVersion?: number };

export type ReadAllOptions = { after?: Checkpoint; limit?: number };

/**
 * What the services need from an event store: `PostgresEventStore` and `KurrentEventStore`
 * implement it (and `InMemoryEventStore` for unit specs); the store contract suite
 * (`testing/store-contract.ts`) holds each of them to the same rules.
 */
export interface EventStore {
  /** Appends after checking `expectedVersion`; the same event ids again answer the original result; `claims` change with it or not at all. */
  append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  readStream<T = unknown>(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent<T>[]>;
  /** Every event after `after` in the store's one global order, which never changes once read. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  streamVersion(streamId: string): Promise<number>;
  /** The owner holding `value` in `scope`, if any. */
  claimHolder(scope: string, value: string): Promise<string | undefined>;
  /** Gives up claims outside an append (a reservation nothing will use): only those the given owner holds. */
  releaseClaims(claims: readonly Claim[]): Promise<void>;
  /** A subscription's stored checkpoint (`name`), null when it has none. */
  readCheckpoint(name: string): Promise<Checkpoint>;
  /** Stores a subscription's checkpoint. */
  storeCheckpoint(name: string, checkpoint: Checkpoint): Promise<void>;
}

/**
 * A store's ordered log as the projection runner and the relay read it (besides `readAll`):
 * `PostgresEventStore` and `KurrentEventStore` implement it. The readers keep their checkpoints
 * in the service's Postgres (its read-model database) whatever the log is.
 */
export interface EventLog {
  /** Every event after `after` in the store's one global order (see EventStore.readAll). */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The checkpoint of the newest event; a reader that reaches it has seen everything stored before the call. */
  headCheckpoint(): Promise<Checkpoint>;
  /** The checkpoint right after the event at `globalPosition` (an append's result); null while there is no such event. */
  checkpointAt(globalPosition: string): Promise<Checkpoint>;
  /** How many events come after `checkpoint`, counted up to `cap` (a reader's lag). */
  countAfter(checkpoint: Checkpoint, cap?: number): Promise<number>;
  /** How many events are stored. */
  countEvents(): Promise<number>;
  /** Calls `onAppend` when events may have been appended (a wake-up; readers still poll). */
  listen(onAppend: () => void): Promise<{ close: () => Promise<void> }>;
}
