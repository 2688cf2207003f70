import { ConcurrencyConflictError, WrongExpectedVersionError } from '../store/event-store.errors';
import { InMemoryEventStore } from '../testing/in-memory-event-store';
import { handleCommand, loadAggregate } from './decider';
import { counterDecider, CounterNotOpenError, type CounterCommand, type CounterEvent, type CounterState } from './counter.fixture';

const { evolve, initialState } = counterDecider;
const decide = (command: CounterCommand) => (state: CounterState) => counterDecider.decide(command, state);

describe('loadAggregate', () => {
  it('folds the stream into state and reports its version', async () => {
    const store = new InMemoryEventStore();
    await store.append('counter-1', [
      { type: 'CounterOpened', data: { name: 'a' } },
      { type: 'CounterIncremented', data: { by: 2 } },
      { type: 'CounterIncremented', data: { by: 3 } },
    ]);
    await expect(loadAggregate<CounterState, CounterEvent>(store, 'counter-1', evolve, initialState)).resolves.toEqual({
      state: { status: 'open', value: 5 },
      version: 3,
    });
  });

  it('returns the initial state at version 0 for a missing stream', async () => {
    const loaded = await loadAggregate<CounterState, CounterEvent>(new InMemoryEventStore(), 'counter-x', evolve, { status: 'none', value: 0 });
    expect(loaded).toEqual({ state: { status: 'none', value: 0 }, version: 0 });
  });
});

describe('handleCommand', () => {
  it('appends the decided events with the loaded version and returns the new state', async () => {
    const store = new InMemoryEventStore();
    await handleCommand(store, 'counter-1', decide({ type: 'OpenCounter', name: 'a' }), evolve, initialState);
    const result = await handleCommand(store, 'counter-1', decide({ type: 'Increment', by: 4 }), evolve, initialState, {
      metadata: { correlationId: 'corr-1', actorId: 'user-1' },
    });
    expect(result.newState).toEqual({ status: 'open', value: 4 });
    expect(result.newEvents).toEqual([{ type: 'CounterIncremented', data: { by: 4 } }]);
    expect(result.nextExpectedVersion).toBe(2);
    const stored = await store.readStream('counter-1');
    expect(stored.map((e) => [e.streamVersion, e.type])).toEqual([
      [1, 'CounterOpened'],
      [2, 'CounterIncremented'],
    ]);
    expect(stored[1].metadata).toEqual({ correlationId: 'corr-1', actorId: 'user-1' });
  });

  it('appends nothing when the decider decides nothing', async () => {
    const store = new InMemoryEventStore();
    await handleCommand(store, 'counter-1', decide({ type: 'OpenCounter', name: 'a' }), evolve, initialState);
    const again = await handleCommand(store, 'counter-1', decide({ type: 'OpenCounter', name: 'a' }), evolve, initialState);
    expect(again).toEqual({ newState: { status: 'open', value: 0 }, newEvents: [], nextExpectedVersion: 1, globalPositions: [], attempts: 1 });
    expect(await store.streamVersion('counter-1')).toBe(1);
  });

  it('passes domain errors through without appending', async () => {
    const store = new InMemoryEventStore();
    await expect(handleCommand(store, 'counter-1', decide({ type: 'Increment', by: 1 }), evolve, initialState)).rejects.toThrow(
      CounterNotOpenError,
    );
    expect(await store.streamVersion('counter-1')).toBe(0);
  });

  it('reloads and decides again when another writer appended in between', async () => {
    const store = new InMemoryEventStore();
    await store.append('counter-1', [{ type: 'CounterOpened', data: { name: 'a' } }]);
    let calls = 0;
    const result = await handleCommand<CounterState, CounterEvent>(
      store,
      'counter-1',
      async (state) => {
        calls++;
        if (calls === 1) await store.append('counter-1', [{ type: 'CounterIncremented', data: { by: 10 } }]);
        return { type: 'CounterIncremented', data: { by: state.value + 1 } };
      },
      evolve,
      initialState,
    );
    expect(calls).toBe(2);
    expect(result.newState.value).toBe(21);
    expect((await store.readStream('counter-1')).map((e) => e.data)).toEqual([{ name: 'a' }, { by: 10 }, { by: 11 }]);
  });

  it('gives up with a ConcurrencyConflictError (not the raw version error) after the allowed retries, waiting between tries', async () => {
    const store = new InMemoryEventStore();
    await store.append('counter-1', [{ type: 'CounterOpened', data: { name: 'a' } }]);
    let calls = 0;
    const contended = async (): Promise<CounterEvent> => {
      calls++;
      await store.append('counter-1', [{ type: 'CounterIncremented', data: { by: 1 } }]);
      return { type: 'CounterIncremented', data: { by: 100 } };
    };
    const started = Date.now();
    const error = await handleCommand(store, 'counter-1', contended, evolve, initialState, {
      retries: 2,
      backoff: { initialMs: 40, maxMs: 40 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyConflictError);
    expect(error).toMatchObject({ streamId: 'counter-1', attempts: 3 });
    expect((error as Error).cause).toBeInstanceOf(WrongExpectedVersionError);
    expect(calls).toBe(3);
    // Two jittered waits of at most 40 ms each, nothing appended by the command itself.
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await store.readStream('counter-1')).map((e) => e.data)).not.toContainEqual({ by: 100 });
  });

  it('retries ten times by default', async () => {
    const store = new InMemoryEventStore();
    await store.append('counter-1', [{ type: 'CounterOpened', data: { name: 'a' } }]);
    let calls = 0;
    const contended = async (): Promise<CounterEvent> => {
      calls++;
      await store.append('counter-1', [{ type: 'CounterIncremented', data: { by: 1 } }]);
      return { type: 'CounterIncremented', data: { by: 100 } };
    };
    await expect(handleCommand(store, 'counter-1', contended, evolve, initialState, { backoff: { maxMs: 1 } })).rejects.toBeInstanceOf(
      ConcurrencyConflictError,
    );
    expect(calls).toBe(11);
  });

  it('refuses side writes on a store that cannot run them in the append transaction', async () => {
    const store = new InMemoryEventStore();
    const decision = { events: [{ type: 'CounterOpened', data: { name: 'a' } } as CounterEvent], inTransaction: async () => undefined };
    await expect(handleCommand<CounterState, CounterEvent>(store, 'counter-1', () => decision, evolve, initialState)).rejects.toThrow(
      /side writes/,
    );
    expect(await store.streamVersion('counter-1')).toBe(0);
  });

  it('does not retry when the caller pins the expected version', async () => {
    const store = new InMemoryEventStore();
    await store.append('counter-1', [
      { type: 'CounterOpened', data: { name: 'a' } },
      { type: 'CounterIncremented', data: { by: 1 } },
    ]);
    const error = await handleCommand(store, 'counter-1', decide({ type: 'Increment', by: 1 }), evolve, initialState, {
      expectedVersion: 1,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ streamId: 'counter-1', expected: 1, actual: 2 });
  });

  it('is idempotent when a retried command carries the same event ids', async () => {
    const store = new InMemoryEventStore();
    const id = '6f1c2a43-5b8e-4c1d-9d7e-2f3a4b5c6d7e';
    const open = (): CounterEvent => ({ id, type: 'CounterOpened', data: { name: 'a' } });
    const first = await store.append('counter-1', [open()], { expectedVersion: 'no-stream' });
    const retry = await store.append('counter-1', [open()], { expectedVersion: 'no-stream' });
    expect(retry).toEqual(first);
    expect(await store.streamVersion('counter-1')).toBe(1);
  });
});
