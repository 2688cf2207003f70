import { InMemoryEventStore, WrongExpectedVersionError, type NewEvent, type PostgresEventStore } from '@app/event-store';
import { Conflict, Forbidden } from '@app/errors';
import { AggregateWriter } from './aggregate-writer';
import type { EventPipeline } from './domain-service.module';
import { runWithContext } from './request-context';

type Counted = { type: 'Counted'; data: { by: number } };
type Count = { by: number };
type State = { total: number };

/** A counter that refuses to go negative. */
const counter = {
  streamId: (id: string) => `counter-${id}`,
  decide: (c: Count, s: State): Counted[] => {
    if (s.total + c.by < 0) throw new Forbidden('A counter never goes below zero');
    return c.by === 0 ? [] : [{ type: 'Counted', data: { by: c.by } }];
  },
  evolve: (s: State, e: Counted): State => ({ total: s.total + e.data.by }),
  initialState: (): State => ({ total: 0 }),
  projections: ['counters'],
  conflict: 'The counter was changed at the same time; please try again',
};

function writerOn(store: InMemoryEventStore, waited: unknown[] = []) {
  const pipeline = { projected: async (...args: unknown[]) => (waited.push(args), true) } as unknown as EventPipeline;
  return new AggregateWriter<State, Counted, Count>(store as unknown as PostgresEventStore, pipeline, counter);
}

describe('the kit’s one aggregate writer', () => {
  it('decides on the loaded state, appends, and answers the new state and events', async () => {
    const store = new InMemoryEventStore();
    const writer = writerOn(store);
    await writer.execute('a', { by: 2 });
    const result = await writer.execute('a', { by: 3 });
    expect(result).toEqual({ duplicate: false, newEvents: [{ type: 'Counted', data: { by: 3 } }], state: { total: 5 }, globalPositions: ['2'], version: 2 });
    expect(await writer.load('a')).toEqual({ total: 5 });
  });

  it('stamps each event with the request’s correlation id and acting user', async () => {
    const store = new InMemoryEventStore();
    await runWithContext({ correlationId: 'c-1', actor: { userId: 'u-1' } }, () => writerOn(store).execute('a', { by: 1 }));
    const [event] = await store.readStream('counter-a');
    expect(event.metadata).toMatchObject({ correlationId: 'c-1', actorId: 'u-1' });
  });

  it('lets the decider’s refusal through, in check as in execute, and appends nothing', async () => {
    const store = new InMemoryEventStore();
    const writer = writerOn(store);
    await expect(writer.check('a', { by: -1 })).rejects.toBeInstanceOf(Forbidden);
    await expect(writer.execute('a', { by: -1 })).rejects.toBeInstanceOf(Forbidden);
    expect(await store.readStream('counter-a')).toEqual([]);
  });

  it('maps concurrent writers that ran out of retries to the aggregate’s 409', async () => {
    class AlwaysBehind extends InMemoryEventStore {
      override async append(streamId: string, _events: readonly NewEvent[]): Promise<never> {
        throw new WrongExpectedVersionError(streamId, 0, 1);
      }
    }
    const err = await writerOn(new AlwaysBehind()).execute('a', { by: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Conflict);
    expect((err as Conflict).message).toBe(counter.conflict);
  }, 30_000);

  it('waits for the aggregate’s own read models only', async () => {
    const waited: unknown[] = [];
    const writer = writerOn(new InMemoryEventStore(), waited);
    await writer.projected(await writer.execute('a', { by: 1 }));
    expect(waited).toEqual([[['1'], { projections: ['counters'] }]]);
  });

  it('moves the aggregate’s claims with its state, atomically with the append; another holder’s is the definition’s refusal', async () => {
    const store = new InMemoryEventStore();
    const pipeline = { projected: async () => true } as unknown as EventPipeline;
    // A counter claims its total among counters (a toy uniqueness).
    const claiming = new AggregateWriter<State, Counted, Count>(store as unknown as PostgresEventStore, pipeline, {
      ...counter,
      claims: (s) => (s.total ? [{ scope: 'counter.total', value: String(s.total), owner: 'me' }] : []),
      taken: (claim) => new Conflict(`Total ${claim.value} is taken`, 'by'),
    });
    const other = new AggregateWriter<State, Counted, Count>(store as unknown as PostgresEventStore, pipeline, {
      ...counter,
      claims: (s) => (s.total ? [{ scope: 'counter.total', value: String(s.total), owner: 'other' }] : []),
    });
    await claiming.execute('a', { by: 2 });
    expect(await store.claimHolder('counter.total', '2')).toBe('me');
    await claiming.execute('a', { by: 1 });
    expect([await store.claimHolder('counter.total', '2'), await store.claimHolder('counter.total', '3')]).toEqual([undefined, 'me']);

    const err = await other.execute('b', { by: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Conflict);
    expect((err as Conflict).message).toBe('This value is already in use');
    expect(await store.readStream('counter-b')).toEqual([]);
    await other.execute('b', { by: 2 });
    const refused = await claiming.execute('a', { by: -1 }).catch((e: unknown) => e);
    expect([(refused as Conflict).message, (refused as Conflict).field]).toEqual(['Total 2 is taken', 'by']);
    expect(await writerOn(store).load('a')).toEqual({ total: 3 });
  });

  it('with `cache`, loads a cached aggregate from the events after its cached version, and reads another writer’s appends', async () => {
    const store = new InMemoryEventStore();
    const reads: Array<number | undefined> = [];
    const read = store.readStream.bind(store);
    store.readStream = (async (streamId: string, options?: { fromVersion?: number }) => (reads.push(options?.fromVersion), read(streamId, options))) as typeof store.readStream;
    const pipeline = { projected: async () => true } as unknown as EventPipeline;
    const cached = new AggregateWriter<State, Counted, Count>(store as unknown as PostgresEventStore, pipeline, { ...counter, cache: { size: 10, keep: () => true } });
    await cached.execute('a', { by: 2 });
    await writerOn(store).execute('a', { by: 5 }); // another instance
    reads.length = 0;
    expect(await cached.execute('a', { by: 1 })).toMatchObject({ state: { total: 8 }, version: 3 });
    expect(reads).toEqual([2]);
    expect(cached.cached('counter-a')).toEqual({ state: { total: 8 }, version: 3 });
  });

  it('runs on any EventStore through its interface; what needs the append’s SQL transaction is refused on a store without one', async () => {
    const store = new InMemoryEventStore(); // no withTransaction, as KurrentEventStore
    const writer = writerOn(store);
    expect(await writer.execute('a', { by: 1 })).toMatchObject({ state: { total: 1 }, version: 1 });
    const inTransaction = async () => undefined;
    await expect(writer.execute('a', { by: 1 }, { inTransaction })).rejects.toThrow('This event store cannot run side writes in the append transaction');
    expect(await store.streamVersion('counter-a')).toBe(1);
  });

  it('records a source event in the aggregate’s stream on a store without transactions: a redelivery is a duplicate', async () => {
    const store = new InMemoryEventStore(); // no withTransaction, as KurrentEventStore
    const pipeline = { projected: async () => true } as unknown as EventPipeline;
    // With a cached state too: the source's record is looked for in the whole stream.
    const writer = new AggregateWriter<State, Counted, Count>(store as unknown as PostgresEventStore, pipeline, { ...counter, cache: { size: 10, keep: () => true } });
    const source = { id: 'e-1', subject: 'events.x.Y' };
    expect(await writer.execute('a', { by: 2 }, { source })).toMatchObject({ duplicate: false, state: { total: 2 }, version: 1 });
    await writer.execute('a', { by: 3 });
    expect(await writer.execute('a', { by: 2 }, { source })).toMatchObject({ duplicate: true, newEvents: [] });
    expect(await writer.execute('a', { by: 2 }, { source: { id: 'e-2', subject: 'events.x.Y' } })).toMatchObject({ duplicate: false, state: { total: 7 } });
    const stream = await store.readStream('counter-a');
    expect(stream.map((e) => e.metadata.sourceEventId)).toEqual(['e-1', undefined, 'e-2']);
    expect(stream[0].metadata).toMatchObject({ causationId: 'e-1' });
  });
});
