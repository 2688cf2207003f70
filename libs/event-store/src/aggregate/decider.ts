import type { PoolClient } from 'pg';
import { ConcurrencyConflictError, WrongExpectedVersionError } from '../store/event-store.errors';
import { hasClaimChanges } from '../store/claims';
import type {
  AppendOptions,
  ClaimChanges,
  AppendResult,
  EventMetadata,
  ExpectedVersion,
  NewEvent,
  ReadStreamOptions,
  RecordedEvent,
} from '../store/event-store.types';
import { sleep } from '../support/support';

/**
 * A domain event as the domain sees it: a type and its data. `id` and `metadata` are optional;
 * when given they are stored as they are (a fixed `id` makes a retried command idempotent).
 */
export type DomainEvent<Type extends string = string, Data = unknown> = {
  type: Type;
  data: Data;
  id?: string;
  metadata?: EventMetadata;
};

export type Evolve<State, Event extends DomainEvent> = (state: State, event: Event) => State;

/** Emmett-style decider: pure functions, no Nest, ORM or NATS. */
export type Decider<State, Command, Event extends DomainEvent> = {
  decide: (command: Command, state: State) => Event | Event[];
  evolve: Evolve<State, Event>;
  initialState: () => State;
};

export type LoadedAggregate<State> = { state: State; version: number };

/** Something that reads streams; with Postgres, `client` reads inside the caller's transaction. */
type StreamReader = {
  readStream<T = unknown>(streamId: string, options?: ReadStreamOptions & { client?: PoolClient }): Promise<RecordedEvent<T>[]>;
};

/** Folds the stream's events into state; `version` is 0 when the stream does not exist. */
export async function loadAggregate<State, Event extends DomainEvent>(
  store: StreamReader,
  streamId: string,
  evolve: Evolve<State, Event>,
  initial: State | (() => State),
  options: { client?: PoolClient } = {},
): Promise<LoadedAggregate<State>> {
  const events = await store.readStream(streamId, options.client ? { client: options.client } : undefined);
  let state = typeof initial === 'function' ? (initial as () => State)() : initial;
  let version = 0;
  for (const event of events) {
    state = evolve(state, event as unknown as Event);
    version = event.streamVersion;
  }
  return { state, version };
}

/**
 * What the store must offer the command helper. `PostgresEventStore` has all of it; a store
 * without `withTransaction` (the in-memory one) runs commands without side writes.
 */
export type CommandStore = StreamReader & {
  append(streamId: string, events: readonly NewEvent[], options?: AppendOptions & { client?: PoolClient }): Promise<AppendResult>;
  /** Runs `work` in one transaction; appends and reads given its `client` join it. */
  withTransaction?<T>(work: (client: PoolClient) => Promise<T>): Promise<T>;
  /** Takes the stream's append lock inside the transaction (held until it ends). */
  lockStream?(client: PoolClient, streamId: string): Promise<void>;
};

/**
 * What a decision may carry besides its events: writes that must commit or roll back with them
 * (uniqueness reservations, credential hashes, processed-event records). They run in the
 * append's transaction right after the append (so under the stream's lock, on a decision known
 * to be current: a stale decision conflicts before it writes anything); throwing there rolls
 * the append back too.
 */
export type CommandDecision<Event extends DomainEvent> = {
  events: Event[];
  /** Unique values the append takes and gives up, atomically with it (any store: see `AppendOptions.claims`). */
  claims?: ClaimChanges;
  inTransaction?: (client: PoolClient) => Promise<void>;
};

export type Decision<Event extends DomainEvent> = Event | Event[] | CommandDecision<Event>;

export type HandleCommandOptions = {
  /**
   * How many times to load and decide again after a concurrent append (default 10). When they
   * run out, a ConcurrencyConflictError is thrown (a 409 for the caller, never a 500).
   */
  retries?: number;
  /** Delay before retry n: a random value in [0, min(maxMs, initialMs * 2^(n-1))] (default 5 ms, 500 ms). */
  backoff?: { initialMs?: number; maxMs?: number };
  /** Merged into every new event's metadata (the event's own keys win). */
  metadata?: EventMetadata;
  /**
   * Appends with this version instead of the loaded one (optimistic concurrency from the client,
   * e.g. an If-Match header). A conflict is then thrown at once (WrongExpectedVersionError), never retried.
   */
  expectedVersion?: ExpectedVersion;
};

export type HandleCommandResult<State, Event extends DomainEvent> = {
  /** State after the new events. */
  newState: State;
  newEvents: Event[];
  /** Stream version after the append (unchanged when nothing was decided). */
  nextExpectedVersion: number;
  globalPositions: string[];
  /** How many times the command was decided (1 = no conflict). */
  attempts: number;
};

/** Postgres errors worth running the whole command again for: deadlock, serialization failure. */
const RETRYABLE_PG_CODES = new Set(['40P01', '40001']);

function isRetryable(err: unknown): boolean {
  if (err instanceof WrongExpectedVersionError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_PG_CODES.has(code);
}

function asDecision<Event extends DomainEvent>(decided: Decision<Event>): CommandDecision<Event> {
  if (Array.isArray(decided)) return { events: decided };
  if ('events' in decided && Array.isArray((decided as CommandDecision<Event>).events)) return decided as CommandDecision<Event>;
  return { events: [decided as Event] };
}

/**
 * The one command-handling loop of every service: load the stream, decide, and append with the
 * loaded version as expected version, together with the decision's side writes in one
 * transaction. A concurrent append (WrongExpectedVersionError), a deadlock or a serialization
 * failure rolls back, waits (exponential backoff with full jitter) and runs the command again
 * from the load; from the second attempt on the load happens under the stream's append lock, so
 * writers using this helper cannot collide again. After `retries` retries it throws
 * ConcurrencyConflictError. Domain errors thrown by `decide` or the side writes pass through.
 */
export async function handleCommand<State, Event extends DomainEvent>(
  store: CommandStore,
  streamId: string,
  decide: (state: State, context: { attempt: number; version: number }) => Decision<Event> | Promise<Decision<Event>>,
  evolve: Evolve<State, Event>,
  initial: State | (() => State),
  options: HandleCommandOptions = {},
): Promise<HandleCommandResult<State, Event>> {
  const pinned = options.expectedVersion !== undefined;
  const retries = pinned ? 0 : (options.retries ?? 10);
  const initialMs = options.backoff?.initialMs ?? 5;
  const maxMs = options.backoff?.maxMs ?? 500;
  let lastError: unknown;

  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    try {
      return await runOnce(attempt);
    } catch (err) {
      if (pinned || !isRetryable(err)) throw err;
      lastError = err;
      if (attempt <= retries) await sleep(Math.random() * Math.min(maxMs, initialMs * 2 ** (attempt - 1)));
    }
  }
  throw new ConcurrencyConflictError(streamId, retries + 1, lastError);

  async function runOnce(attempt: number): Promise<HandleCommandResult<State, Event>> {
    const transactional = store.withTransaction?.bind(store);
    // After a conflict, decide under the stream lock: no writer using this helper can slip in.
    const pessimistic = attempt > 1 && !!transactional && !!store.lockStream;
    if (pessimistic) {
      return transactional!(async (client) => {
        await store.lockStream!(client, streamId);
        const loaded = await loadAggregate<State, Event>(store, streamId, evolve, initial, { client });
        const decision = asDecision(await decide(loaded.state, { attempt, version: loaded.version }));
        return write(loaded, decision, attempt, client);
      });
    }
    const loaded = await loadAggregate<State, Event>(store, streamId, evolve, initial);
    const decision = asDecision(await decide(loaded.state, { attempt, version: loaded.version }));
    if (decision.events.length === 0 && !decision.inTransaction && !hasClaimChanges(decision.claims)) {
      return { newState: loaded.state, newEvents: [], nextExpectedVersion: loaded.version, globalPositions: [], attempts: attempt };
    }
    if (!transactional) {
      if (decision.inTransaction) throw new Error('This event store cannot run side writes in the append transaction');
      return write(loaded, decision, attempt, undefined);
    }
    return transactional((client) => write(loaded, decision, attempt, client));
  }

  async function write(
    loaded: LoadedAggregate<State>,
    decision: CommandDecision<Event>,
    attempt: number,
    client: PoolClient | undefined,
  ): Promise<HandleCommandResult<State, Event>> {
    const { events } = decision;
    const claims = hasClaimChanges(decision.claims) ? decision.claims : undefined;
    // An empty append still checks the version: side writes never commit on a stale decision.
    const result =
      events.length === 0 && !client && !claims
        ? { nextExpectedVersion: loaded.version, globalPositions: [] }
        : await store.append(
            streamId,
            events.map((e) => ({
              id: e.id,
              type: e.type,
              data: e.data,
              metadata: options.metadata || e.metadata ? { ...options.metadata, ...e.metadata } : undefined,
            })),
            { expectedVersion: options.expectedVersion ?? loaded.version, ...(client ? { client } : {}), ...(claims ? { claims } : {}) },
          );
    if (client && decision.inTransaction) await decision.inTransaction(client);
    return {
      newState: events.reduce(evolve, loaded.state),
      newEvents: events,
      nextExpectedVersion: result.nextExpectedVersion,
      globalPositions: result.globalPositions,
      attempts: attempt,
    };
  }
}
