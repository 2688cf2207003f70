import { WrongExpectedVersionError } from '../store/event-store.errors';
import type { EventMetadata, EventStore, ExpectedVersion } from '../store/event-store.types';

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

/** Folds the stream's events into state; `version` is 0 when the stream does not exist. */
export async function loadAggregate<State, Event extends DomainEvent>(
  store: Pick<EventStore, 'readStream'>,
  streamId: string,
  evolve: Evolve<State, Event>,
  initial: State | (() => State),
): Promise<LoadedAggregate<State>> {
  const events = await store.readStream(streamId);
  let state = typeof initial === 'function' ? (initial as () => State)() : initial;
  let version = 0;
  for (const event of events) {
    state = evolve(state, event as unknown as Event);
    version = event.streamVersion;
  }
  return { state, version };
}

export type HandleCommandOptions = {
  /** How many times to reload and decide again after a WrongExpectedVersionError (default 3). */
  retries?: number;
  /** Merged into every new event's metadata (the event's own keys win). */
  metadata?: EventMetadata;
  /**
   * Appends with this version instead of the loaded one (optimistic concurrency from the client,
   * e.g. an If-Match header). A conflict is then thrown at once, never retried.
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
};

/**
 * Loads the stream, decides, appends with the loaded version as expected version, and on a
 * concurrent append (WrongExpectedVersionError) reloads and decides again, up to `retries` times.
 */
export async function handleCommand<State, Event extends DomainEvent>(
  store: Pick<EventStore, 'readStream' | 'append'>,
  streamId: string,
  decide: (state: State) => Event | Event[] | Promise<Event | Event[]>,
  evolve: Evolve<State, Event>,
  initial: State | (() => State),
  options: HandleCommandOptions = {},
): Promise<HandleCommandResult<State, Event>> {
  const retries = options.expectedVersion === undefined ? (options.retries ?? 3) : 0;
  for (let attempt = 0; ; attempt++) {
    const { state, version } = await loadAggregate(store, streamId, evolve, initial);
    const decided = await decide(state);
    const newEvents = Array.isArray(decided) ? decided : [decided];
    const newState = newEvents.reduce(evolve, state);
    if (newEvents.length === 0) return { newState, newEvents, nextExpectedVersion: version, globalPositions: [] };
    try {
      const result = await store.append(
        streamId,
        newEvents.map((e) => ({
          id: e.id,
          type: e.type,
          data: e.data,
          metadata: options.metadata || e.metadata ? { ...options.metadata, ...e.metadata } : undefined,
        })),
        { expectedVersion: options.expectedVersion ?? version },
      );
      return { newState, newEvents, nextExpectedVersion: result.nextExpectedVersion, globalPositions: result.globalPositions };
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError) || attempt >= retries) throw err;
    }
  }
}
