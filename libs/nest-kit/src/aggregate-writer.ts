import type { PoolClient } from 'pg';
import {
  ClaimTakenError,
  ConcurrencyConflictError,
  claimChanges,
  handleCommand,
  loadAggregate,
  type AppendOptions,
  type AppendResult,
  type Claim,
  type CommandStore,
  type DomainEvent,
  type EventMetadata,
  type Evolve,
  type NewEvent,
  type EventStore,
  type RecordedEvent,
} from '@app/event-store';
import { Conflict } from './errors';
import type { EventPipeline } from './domain-service.module';
import { currentContext } from './request-context';

/**
 * An integration event being handled: recorded in the append's transaction (`processed_events`),
 * so a redelivery changes nothing. On a store without transactions (KurrentDB) the record is
 * the events it caused in the aggregate's stream (metadata `sourceEventId`), found by the load.
 */
export type SourceEvent = { id: string; subject: string; correlationId?: string };

export type AggregateWriteResult<S, E> = {
  /** The source event had been handled before: nothing was done. */
  duplicate: boolean;
  newEvents: E[];
  /** The aggregate's state after the new events. */
  state: S;
  globalPositions: string[];
  /** The stream's version after the append (unchanged when nothing was decided). */
  version: number;
};

/** A write in the append's transaction (e.g. a processed-event record): the state before and the decided events. */
export type InTransaction<S, E> = (client: PoolClient, write: { id: string; state: S; events: E[] }) => Promise<void>;

/** What `decide` may answer besides the events: writes of its own in the append's transaction (hashes, secrets). */
export type AggregateDecision<E> = { events: E[]; inTransaction?: (client: PoolClient) => Promise<void> };

/**
 * The store a writer runs on: any `EventStore` (Postgres, KurrentDB; claims go through its
 * interface). Where it also runs transactions (`PostgresEventStore`), a conflict is decided
 * again under the stream's lock, and the writes that must commit with the events run in the
 * append's transaction (a decision's `inTransaction`, the definition's, a source event's
 * processed record); on a store without them those are refused with an error.
 */
export type WriterStore = EventStore & Pick<CommandStore, 'withTransaction' | 'lockStream'>;

/** One aggregate as the writer runs it: its decider, its stream, its read models and its side writes. */
export type AggregateDefinition<S, E extends DomainEvent, C> = {
  streamId: (id: string) => string;
  decide: (command: C, state: S) => E[] | AggregateDecision<E> | Promise<E[] | AggregateDecision<E>>;
  evolve: Evolve<S, E>;
  initialState: () => S;
  /** The read models `projected` waits for (read-your-writes). */
  projections: string[];
  /** The 409 when concurrent writers ran out of retries, e.g. 'The practice was changed at the same time; please try again'. */
  conflict: string;
  /**
   * The unique values the aggregate holds in a state (normalized, e.g. lower case), each
   * `{ scope, value, owner }`: with every append the writer has the store acquire those the new
   * state holds and the old one did not, and release those it no longer holds, atomically with
   * the events (`AppendOptions.claims`: a claims table in Postgres, reservation streams in
   * KurrentDB). A value another aggregate holds fails the command with `taken`, nothing appended.
   */
  claims?: (state: S) => Claim[];
  /** The refusal when another aggregate holds a claim (default: 409 'This value is already in use'). */
  taken?: (claim: Claim, command: C) => Error;
  /** Acquire every claim the new state holds with each append, not only the changed ones (for claims released outside appends). */
  reassertClaims?: boolean;
  /** Writes in the append's transaction for every command that decides events. */
  inTransaction?: InTransaction<S, E>;
  /** Event ids derived from a source event: appending them again (a redelivery) is a no-op. */
  eventId?: (event: E, index: number, source: SourceEvent) => string | undefined;
  /** The events' metadata (default: the request's correlation id and acting user, `requestEventMetadata`). */
  metadata?: (command: C, source?: SourceEvent) => EventMetadata;
  /**
   * Keep the state of the `size` most recently used aggregates in memory (those `keep` accepts):
   * a load then reads only the events after the cached version. Another instance's appends are
   * read as newer events; a conflict drops the cached state.
   */
  cache?: { size: number; keep: (state: S) => boolean };
};

export type ExecuteOptions<S, E> = {
  source?: SourceEvent;
  inTransaction?: InTransaction<S, E>;
  /** Metadata for this command's events (instead of the definition's). */
  metadata?: EventMetadata;
  /** How many times to decide again after a concurrent append (default 10). */
  retries?: number;
};

/** Thrown inside the transaction when the source event was handled before: rolls back, reported as a duplicate. */
class AlreadyProcessed extends Error {}

/** The request's correlation id (or the source event's) and acting user, as event metadata. */
export function requestEventMetadata(source?: SourceEvent): EventMetadata {
  const ctx = currentContext();
  const correlationId = source?.correlationId ?? ctx?.correlationId;
  return {
    ...(correlationId ? { correlationId } : {}),
    ...(source ? { causationId: source.id } : {}),
    ...(ctx?.actor ? { actorId: ctx.actor.userId } : {}),
  };
}

export type CachedState<S> = { state: S; version: number };
const SNAPSHOT = '$CachedStateAt';

/**
 * The command store with the cached states in front: a cached state goes in front of the newer
 * events as a synthetic first event, so the command helper's load, decide,
 * append-with-expected-version loop is unchanged, with the real stream version.
 */
class CachedStore<S> implements CommandStore {
  /** The underlying store's transactions and stream lock, where it has them (Postgres). */
  readonly withTransaction?: <T>(work: (client: PoolClient) => Promise<T>) => Promise<T>;
  readonly lockStream?: (client: PoolClient, streamId: string) => Promise<void>;

  constructor(
    private readonly store: WriterStore,
    private readonly cache: Map<string, CachedState<S>>,
  ) {
    if (store.withTransaction) this.withTransaction = store.withTransaction.bind(store);
    if (store.lockStream) this.lockStream = store.lockStream.bind(store);
  }
  async readStream<T = unknown>(streamId: string, options?: { fromVersion?: number; client?: PoolClient }): Promise<RecordedEvent<T>[]> {
    const snap = this.cache.get(streamId);
    if (!snap) return this.store.readStream<T>(streamId, options);
    const newer = await this.store.readStream<T>(streamId, { ...options, fromVersion: snap.version + 1 });
    const first = { type: SNAPSHOT, data: snap.state, streamVersion: snap.version } as unknown as RecordedEvent<T>;
    return [first, ...newer];
  }
  append(streamId: string, events: readonly NewEvent[], options?: AppendOptions & { client?: PoolClient }): Promise<AppendResult> {
    return this.store.append(streamId, events, options);
  }
}

/**
 * A source event's record on a store without transactions (KurrentDB): the events it caused in
 * the aggregate's own stream carry its id in their metadata (`sourceEventId`). This store in
 * front of the writer's notes whether a load read one: the redelivery is then a duplicate, and a
 * concurrent handler of the same event loses the expected-version append, loads again and sees it.
 */
class SourceWatchingStore implements CommandStore {
  seen = false;
  constructor(
    private readonly store: WriterStore,
    private readonly sourceId: string,
  ) {}
  async readStream<T = unknown>(streamId: string, options?: { fromVersion?: number }): Promise<RecordedEvent<T>[]> {
    const events = await this.store.readStream<T>(streamId, options);
    if (events.some((e) => e.metadata?.[SOURCE_EVENT_ID] === this.sourceId)) this.seen = true;
    return events;
  }
  append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult> {
    return this.store.append(streamId, events, options);
  }
}
const SOURCE_EVENT_ID = 'sourceEventId';

function asDecision<E>(decided: E[] | AggregateDecision<E>): AggregateDecision<E> {
  return Array.isArray(decided) ? { events: decided } : decided;
}

/**
 * The one aggregate writer: runs a command through the event store's command helper (load,
 * decide, append with the loaded version in one transaction with the side writes; concurrent
 * writers retry; 409 when retries run out). With a source event (a consumer's), the event is
 * recorded in `processed_events` in the same transaction and a redelivery is a duplicate.
 */
export class AggregateWriter<S, E extends DomainEvent, C> {
  /** The cached states (definition's `cache`), most recently used last. */
  private readonly cache = new Map<string, CachedState<S>>();
  private readonly commands: CommandStore;
  private readonly evolveCached: Evolve<S, E>;

  constructor(
    protected readonly store: WriterStore,
    protected readonly pipeline: EventPipeline,
    protected readonly aggregate: AggregateDefinition<S, E, C>,
  ) {
    this.commands = aggregate.cache ? new CachedStore<S>(store, this.cache) : store;
    this.evolveCached = aggregate.cache
      ? (state, event) => ((event as DomainEvent).type === SNAPSHOT ? (event.data as S) : aggregate.evolve(state, event))
      : aggregate.evolve;
  }

  async execute(id: string, command: C, opts: ExecuteOptions<S, E> = {}): Promise<AggregateWriteResult<S, E>> {
    const { source } = opts;
    const streamId = this.aggregate.streamId(id);
    const sideWrites = [this.aggregate.inTransaction, opts.inTransaction].filter((w): w is InTransaction<S, E> => !!w);
    const requested = opts.metadata ?? this.aggregate.metadata?.(command, source) ?? requestEventMetadata(source);
    // No transaction to record the source event in (KurrentDB): its record is the stream itself
    // (read in full, not from a cached state, so that no earlier event of it is missed).
    const watching = source && !this.store.withTransaction ? new SourceWatchingStore(this.store, source.id) : null;
    const metadata = watching ? { ...requested, [SOURCE_EVENT_ID]: source!.id } : requested;
    try {
      const result = await handleCommand<S, E>(
        watching ?? this.commands,
        streamId,
        async (state) => {
          if (watching?.seen) throw new AlreadyProcessed();
          const decision = asDecision(await this.aggregate.decide(command, state));
          const events = source && this.aggregate.eventId ? decision.events.map((e, i) => ({ ...e, id: this.aggregate.eventId!(e, i, source) ?? e.id })) : decision.events;
          const writes = events.length ? sideWrites : [];
          const claims = events.length ? this.claimsOf(state, events) : undefined;
          if ((!source || watching) && !writes.length && !decision.inTransaction) return { events, claims };
          return {
            events,
            claims,
            inTransaction: async (client: PoolClient) => {
              if (source) {
                const fresh = await client.query('INSERT INTO processed_events (event_id, subject) VALUES ($1, $2) ON CONFLICT DO NOTHING', [source.id, source.subject]);
                if (fresh.rowCount === 0) throw new AlreadyProcessed();
              }
              for (const write of writes) await write(client, { id, state, events });
              if (decision.inTransaction) await decision.inTransaction(client);
            },
          };
        },
        this.evolveCached,
        this.aggregate.initialState,
        { metadata, ...(opts.retries !== undefined ? { retries: opts.retries } : {}) },
      );
      this.remember(streamId, result.newState, result.nextExpectedVersion);
      const newEvents = result.newEvents.map(({ type, data }) => ({ type, data }) as E);
      return { duplicate: false, newEvents, state: result.newState, globalPositions: result.globalPositions, version: result.nextExpectedVersion };
    } catch (err) {
      if (err instanceof AlreadyProcessed) return { duplicate: true, newEvents: [], state: this.aggregate.initialState(), globalPositions: [], version: 0 };
      if (err instanceof ClaimTakenError) throw this.aggregate.taken?.(err.claim, command) ?? new Conflict('This value is already in use');
      if (err instanceof ConcurrencyConflictError) {
        this.forget(streamId);
        throw new Conflict(this.aggregate.conflict);
      }
      throw err;
    }
  }

  /** The claims an append of `events` on `state` acquires and releases (the definition's `claims`). */
  private claimsOf(state: S, events: E[]) {
    const held = this.aggregate.claims;
    if (!held) return undefined;
    const before = held(state);
    const after = held(events.reduce(this.aggregate.evolve, state));
    const changes = claimChanges(before, after);
    return this.aggregate.reassertClaims ? { ...changes, acquire: after } : changes;
  }

  /** The aggregate's current state and stream version (0: no stream). */
  async loadVersioned(id: string): Promise<CachedState<S>> {
    const streamId = this.aggregate.streamId(id);
    const loaded = await loadAggregate<S, E>(this.commands, streamId, this.evolveCached, this.aggregate.initialState);
    this.remember(streamId, loaded.state, loaded.version);
    return loaded;
  }

  async load(id: string): Promise<S> {
    return (await this.loadVersioned(id)).state;
  }

  /** Whether the aggregate would accept the command now (decided on the current state, nothing appended): throws its refusal. */
  async check(id: string, command: C): Promise<void> {
    await this.aggregate.decide(command, await this.load(id));
  }

  /** Read-your-writes for the aggregate's read models (bounded; false when they lag). */
  projected(result: { globalPositions: string[] }, timeoutMs?: number): Promise<boolean> {
    return this.pipeline.projected(result.globalPositions, { projections: this.aggregate.projections, ...(timeoutMs ? { timeoutMs } : {}) });
  }

  /** The cached state of a stream, if any (for writers that load several streams at once). */
  cached(streamId: string): CachedState<S> | undefined {
    return this.cache.get(streamId);
  }

  /** Caches a state known to be the stream's at `version` (with the definition's `cache`). */
  remember(streamId: string, state: S, version: number): void {
    const cache = this.aggregate.cache;
    if (!cache || !cache.keep(state)) return;
    this.cache.delete(streamId); // re-insert: Map order is the LRU order
    this.cache.set(streamId, { state, version });
    if (this.cache.size > cache.size) this.cache.delete(this.cache.keys().next().value as string);
  }

  /** Drops a cached state (e.g. its stream moved on under a batch). */
  forget(streamId: string): void {
    this.cache.delete(streamId);
  }
}
