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

export type AppendOptions = { expectedVersion?: ExpectedVersion };

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

/** What domain code needs from an event store. `PostgresEventStore` implements it. */
export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  readStream<T = unknown>(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent<T>[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  streamVersion(streamId: string): Promise<number>;
}
