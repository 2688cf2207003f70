import type { PoolClient } from 'pg';
import { ConcurrencyConflictError, handleCommand, loadAggregate, type DomainEvent, type EventMetadata, type Evolve, type PostgresEventStore } from '@app/event-store';
import { Conflict } from './errors';
import type { EventPipeline } from './domain-service.module';
import { currentContext } from './request-context';

/** An integration event being handled: recorded in the append's transaction, so a redelivery changes nothing. */
export type SourceEvent = { id: string; subject: string; correlationId?: string };

export type AggregateWriteResult<S, E> = {
  /** The source event had been handled before: nothing was done. */
  duplicate: boolean;
  newEvents: E[];
  /** The aggregate's state after the new events. */
  state: S;
  globalPositions: string[];
};

/** A write in the append's transaction (e.g. a uniqueness claim): the state before and the decided events. */
export type InTransaction<S, E> = (client: PoolClient, write: { id: string; state: S; events: E[] }) => Promise<void>;

/** One aggregate as the writer runs it: its decider, its stream, its read models and its side writes. */
export type AggregateDefinition<S, E extends DomainEvent, C> = {
  streamId: (id: string) => string;
  decide: (command: C, state: S) => E[];
  evolve: Evolve<S, E>;
  initialState: () => S;
  /** The read models `projected` waits for (read-your-writes). */
  projections: string[];
  /** The 409 when concurrent writers ran out of retries, e.g. 'The practice was changed at the same time; please try again'. */
  conflict: string;
  /** Writes in the append's transaction for every command that decides events (uniqueness claims). */
  inTransaction?: InTransaction<S, E>;
  /** Event ids derived from a source event: appending them again (a redelivery) is a no-op. */
  eventId?: (event: E, index: number, source: SourceEvent) => string | undefined;
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

/**
 * The one aggregate writer: runs a command through the event store's command helper (load,
 * decide, append with the loaded version in one transaction with the side writes; concurrent
 * writers retry; 409 when retries run out). With a source event (a consumer's), the event is
 * recorded in `processed_events` in the same transaction and a redelivery is a duplicate.
 */
export class AggregateWriter<S, E extends DomainEvent, C> {
  constructor(
    protected readonly store: PostgresEventStore,
    protected readonly pipeline: EventPipeline,
    private readonly aggregate: AggregateDefinition<S, E, C>,
  ) {}

  async execute(id: string, command: C, opts: { source?: SourceEvent; inTransaction?: InTransaction<S, E> } = {}): Promise<AggregateWriteResult<S, E>> {
    const { source } = opts;
    const sideWrites = [this.aggregate.inTransaction, opts.inTransaction].filter((w): w is InTransaction<S, E> => !!w);
    try {
      const result = await handleCommand<S, E>(
        this.store,
        this.aggregate.streamId(id),
        (state) => {
          const decided = this.aggregate.decide(command, state);
          const events = source && this.aggregate.eventId ? decided.map((e, i) => ({ ...e, id: this.aggregate.eventId!(e, i, source) ?? e.id })) : decided;
          const writes = events.length ? sideWrites : [];
          if (!source && !writes.length) return { events };
          return {
            events,
            inTransaction: async (client: PoolClient) => {
              if (source) {
                const fresh = await client.query('INSERT INTO processed_events (event_id, subject) VALUES ($1, $2) ON CONFLICT DO NOTHING', [source.id, source.subject]);
                if (fresh.rowCount === 0) throw new AlreadyProcessed();
              }
              for (const write of writes) await write(client, { id, state, events });
            },
          };
        },
        this.aggregate.evolve,
        this.aggregate.initialState,
        { metadata: requestEventMetadata(source) },
      );
      const newEvents = result.newEvents.map(({ type, data }) => ({ type, data }) as E);
      return { duplicate: false, newEvents, state: result.newState, globalPositions: result.globalPositions };
    } catch (err) {
      if (err instanceof AlreadyProcessed) return { duplicate: true, newEvents: [], state: this.aggregate.initialState(), globalPositions: [] };
      if (err instanceof ConcurrencyConflictError) throw new Conflict(this.aggregate.conflict);
      throw err;
    }
  }

  async load(id: string): Promise<S> {
    return (await loadAggregate<S, E>(this.store, this.aggregate.streamId(id), this.aggregate.evolve, this.aggregate.initialState)).state;
  }

  /** Whether the aggregate would accept the command now (decided on the current state, nothing appended): throws its refusal. */
  async check(id: string, command: C): Promise<void> {
    this.aggregate.decide(command, await this.load(id));
  }

  /** Read-your-writes for the aggregate's read models (bounded; false when they lag). */
  projected(result: { globalPositions: string[] }, timeoutMs?: number): Promise<boolean> {
    return this.pipeline.projected(result.globalPositions, { projections: this.aggregate.projections, ...(timeoutMs ? { timeoutMs } : {}) });
  }
}
