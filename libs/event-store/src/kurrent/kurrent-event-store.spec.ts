import { randomUUID } from 'node:crypto';
import { ANY, NO_STREAM, StreamDeletedError, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import { handleCommand } from '../aggregate/decider';
import { counterDecider, type CounterCommand, type CounterState } from '../aggregate/counter.fixture';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../store/event-store.errors';
import type { Checkpoint, EventStore, NewEvent, RecordedEvent } from '../store/event-store.types';
import { FakeKurrentDBClient } from './fake-kurrentdb-client.fixture';
import { KurrentEventStore, type KurrentClientLike } from './kurrent-event-store';

function tick(data: unknown = {}, id: string = randomUUID()): NewEvent {
  return { id, type: 'Ticked', data };
}

function setup(options: { throwOnAppendFailure?: boolean; readAllPageSize?: number } = {}) {
  const client = new FakeKurrentDBClient({ throwOnAppendFailure: options.throwOnAppendFailure });
  const store: EventStore = new KurrentEventStore(client, { readAllPageSize: options.readAllPageSize });
  return { client, store };
}

const appends = (client: FakeKurrentDBClient) => client.requests.filter((r) => r.kind === 'append');

describe('KurrentEventStore', () => {
  it('appends with consecutive versions and reads a stream back in order', async () => {
    const { client, store } = setup();
    const first = await store.append('account-1', [tick({ n: 1 }), tick({ n: 2 })], { expectedVersion: 'no-stream' });
    const second = await store.append('account-1', [tick({ n: 3 })], { expectedVersion: 2 });
    expect(first.nextExpectedVersion).toBe(2);
    expect(second.nextExpectedVersion).toBe(3);
    expect(first.globalPositions).toHaveLength(2);
    expect(BigInt(first.globalPositions[0])).toBeLessThan(BigInt(first.globalPositions[1]));
    expect(BigInt(first.globalPositions[1])).toBeLessThan(BigInt(second.globalPositions[0]));

    const stream = await store.readStream('account-1');
    expect(stream.map((e) => [e.streamVersion, e.data])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
      [3, { n: 3 }],
    ]);
    expect(stream[0]).toMatchObject({ streamId: 'account-1', type: 'Ticked', metadata: {} });
    expect(stream[0].recordedAt).toBeInstanceOf(Date);
    // The append result names the stored events' positions; transactionId is the first one's prepare position.
    expect(stream.map((e) => e.globalPosition)).toEqual([...first.globalPositions, ...second.globalPositions]);
    expect(first.transactionId).toBe(stream[0].transactionId);
    // Our 1-based expected version n is KurrentDB revision n - 1; 'no-stream' is NO_STREAM.
    expect(appends(client).map((r) => r.streamState)).toEqual([NO_STREAM, 1n]);

    expect((await store.readStream('account-1', { fromVersion: 3 })).map((e) => e.streamVersion)).toEqual([3]);
    expect(await store.streamVersion('account-1')).toBe(3);
    expect(await store.streamVersion('account-missing')).toBe(0);
  });

  it('maps expected versions to stream states: 0 and no-stream → NO_STREAM, any → ANY, n → revision n - 1', async () => {
    const { client, store } = setup();
    await store.append('s-1', [tick()], { expectedVersion: 0 });
    await store.append('s-1', [tick()]);
    await store.append('s-1', [tick()], { expectedVersion: 'any' });
    await store.append('s-1', [tick()], { expectedVersion: 3 });
    expect(appends(client).map((r) => r.streamState)).toEqual([NO_STREAM, ANY, ANY, 2n]);
    for (const bad of [-1, 1.5, Number.NaN]) {
      await expect(store.append('s-1', [tick()], { expectedVersion: bad })).rejects.toThrow('Invalid expected version');
    }
    expect(appends(client)).toHaveLength(4);
  });

  it('stores data and metadata as JSON and takes recordedAt from the server', async () => {
    const { store } = setup();
    const metadata = { correlationId: 'c-1', causationId: 'k-1', actorId: 'u-1', request: { ip: '10.0.0.1', os: 'Linux' } };
    const when = new Date('2024-01-02T03:04:05.000Z');
    await store.append('account-1', [
      { type: 'Ticked', data: { a: 1, nested: { list: [1, 'two', null] }, when }, metadata },
      { type: 'Emptied', data: undefined },
      { type: 'Counted', data: 42 },
    ]);
    const [withData, empty, counted] = await store.readStream('account-1');
    expect(withData.data).toEqual({ a: 1, nested: { list: [1, 'two', null] }, when: when.toISOString() });
    expect(withData.metadata).toEqual(metadata);
    expect(empty.data).toBeNull();
    expect(empty.metadata).toEqual({});
    expect(counted.data).toBe(42);
    expect(withData.recordedAt.getTime()).toBeLessThan(empty.recordedAt.getTime()); // the fake's clock, i.e. `created`
  });

  it('reads metadata it cannot use as an object as {}', async () => {
    const { client, store } = setup();
    client.recordBinaryEvent('legacy-1', 'Imported', new Uint8Array([1, 2, 3]), new Uint8Array([0xff]));
    const [event] = await store.readStream('legacy-1');
    expect(event).toMatchObject({ streamVersion: 1, type: 'Imported', metadata: {} });
    expect(event.data).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('rejects a wrong expected version with WrongExpectedVersionError and stores nothing', async () => {
    const { store } = setup();
    await store.append('practice-1', [tick(), tick()]);
    for (const expected of [0, 1, 3, 'no-stream'] as const) {
      const error = await store.append('practice-1', [tick()], { expectedVersion: expected }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId: 'practice-1', expected, actual: 2 });
    }
    const missing = await store.append('practice-2', [tick()], { expectedVersion: 4 }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: 'WrongExpectedVersionError', streamId: 'practice-2', expected: 4, actual: 0 });
    expect(await store.streamVersion('practice-1')).toBe(2);
    expect(await store.streamVersion('practice-2')).toBe(0);
    await expect(store.append('practice-1', [tick()], { expectedVersion: 'any' })).resolves.toMatchObject({ nextExpectedVersion: 3 });
  });

  it('reports concurrent appends at the same version as a conflict, never merged', async () => {
    const { store } = setup();
    await store.append('chat-1', [tick({ n: 0 })]);
    const results = await Promise.allSettled([
      store.append('chat-1', [tick({ n: 'a' })], { expectedVersion: 1 }),
      store.append('chat-1', [tick({ n: 'b' })], { expectedVersion: 1 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(rejected.reason).toBeInstanceOf(WrongExpectedVersionError);
    expect(rejected.reason).toMatchObject({ expected: 1, actual: 2 });
    expect(await store.streamVersion('chat-1')).toBe(2);
  });

  it('retries a command through handleCommand after a conflict', async () => {
    const { store } = setup();
    const decide = (command: CounterCommand) => (state: CounterState) => counterDecider.decide(command, state);
    const { evolve, initialState } = counterDecider;
    await handleCommand(store, 'counter-1', decide({ type: 'OpenCounter', name: 'a' }), evolve, initialState);
    // Someone else appends between this handler's load and its append.
    let interfered = false;
    const racing: Pick<EventStore, 'readStream' | 'append'> = {
      readStream: (id, o) => store.readStream(id, o),
      append: async (id, events, o) => {
        if (!interfered) {
          interfered = true;
          await store.append(id, [{ type: 'CounterIncremented', data: { by: 10 } }], { expectedVersion: 1 });
        }
        return store.append(id, events, o);
      },
    };
    const result = await handleCommand(racing, 'counter-1', decide({ type: 'Increment', by: 1 }), evolve, initialState);
    expect(result).toMatchObject({ newState: { status: 'open', value: 11 }, nextExpectedVersion: 3 });
    expect((await store.readStream('counter-1')).map((e) => e.data)).toEqual([{ name: 'a' }, { by: 10 }, { by: 1 }]);
  });

  it('treats appending already stored event ids as a no-op that returns the original result', async () => {
    const { store } = setup();
    const batch = [tick({ n: 1 }), tick({ n: 2 })];
    const first = await store.append('chat-1', batch, { expectedVersion: 'no-stream' });
    await store.append('chat-1', [tick({ n: 3 })]);
    // The retry carries the version it saw the first time: KurrentDB finds the ids at revisions 0 and 1.
    const retry = await store.append('chat-1', batch, { expectedVersion: 'no-stream' });
    expect(retry).toEqual(first);

    const exact = [tick({ n: 4 })];
    const atThree = await store.append('chat-1', exact, { expectedVersion: 3 });
    expect(await store.append('chat-1', exact, { expectedVersion: 3 })).toEqual(atThree);
    // With 'any', KurrentDB dedupes by the ids it remembers (best effort on a real server).
    const loose = [tick({ n: 5 }), tick({ n: 6 })];
    const anyFirst = await store.append('chat-1', loose);
    expect(await store.append('chat-1', loose)).toEqual(anyFirst);
    // A retry at another expected version: KurrentDB reports a conflict, the store finds the ids.
    expect(await store.append('chat-1', batch, { expectedVersion: 4 })).toEqual(first);
    expect(await store.append('chat-1', exact, { expectedVersion: 1 })).toEqual(atThree);

    expect((await store.readStream('chat-1')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }, { n: 6 }]);
  });

  it('refuses a batch whose ids are only partly stored in the stream', async () => {
    const { store } = setup();
    const stored = tick();
    await store.append('chat-1', [stored]);
    for (const expectedVersion of ['any', 0, 'no-stream'] as const) {
      const error = await store.append('chat-1', [stored, tick()], { expectedVersion }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateEventIdError);
      expect(error).toMatchObject({ streamId: 'chat-1', eventIds: [stored.id] });
    }
    expect(await store.streamVersion('chat-1')).toBe(1);
    // At the stream's current version KurrentDB compares no ids: the batch is written (Postgres would refuse it).
    await expect(store.append('chat-1', [stored, tick()], { expectedVersion: 1 })).resolves.toMatchObject({ nextExpectedVersion: 3 });
  });

  it('does not see ids stored in another stream (KurrentDB dedupes per stream)', async () => {
    const { store } = setup();
    const stored = tick();
    await store.append('chat-1', [stored]);
    // PostgresEventStore throws DuplicateEventIdError here; KurrentDB stores the event in chat-2 as well.
    await expect(store.append('chat-2', [stored])).resolves.toMatchObject({ nextExpectedVersion: 1 });
  });

  it('appends a batch again when retried at the version the stream has after it (KurrentDB checks ids below that version only)', async () => {
    const { store } = setup();
    const batch = [tick({ n: 1 })];
    await store.append('chat-1', batch, { expectedVersion: 0 });
    // PostgresEventStore returns the original result here; KurrentDB sees a plain append at version 1.
    await expect(store.append('chat-1', batch, { expectedVersion: 1 })).resolves.toMatchObject({ nextExpectedVersion: 2 });
  });

  it('still reports conflicts from a client that does not throw on append failure', async () => {
    const { store } = setup({ throwOnAppendFailure: false });
    await store.append('practice-1', [tick(), tick()]);
    const error = await store.append('practice-1', [tick()], { expectedVersion: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ expected: 1, actual: 2 });
  });

  it('checks the expected version of an empty append without writing', async () => {
    const { client, store } = setup();
    await expect(store.append('empty-1', [], { expectedVersion: 'no-stream' })).resolves.toEqual({
      nextExpectedVersion: 0,
      globalPositions: [],
      transactionId: null,
    });
    await store.append('empty-1', [tick()]);
    await expect(store.append('empty-1', [], { expectedVersion: 1 })).resolves.toMatchObject({ nextExpectedVersion: 1 });
    await expect(store.append('empty-1', [], { expectedVersion: 0 })).rejects.toMatchObject({ actual: 1 });
    expect(appends(client)).toHaveLength(1);
  });

  it('validates events before sending anything', async () => {
    const { client, store } = setup();
    const id = randomUUID();
    await expect(store.append('s-1', [tick({}, 'not-a-uuid')])).rejects.toThrow('must be a uuid');
    await expect(store.append('s-1', [tick({}, id), tick({}, id.toUpperCase())])).rejects.toThrow('appears twice');
    await expect(store.append('s-1', [{ type: '', data: {} }])).rejects.toThrow('type is required');
    await expect(store.append('s-1', [{ type: '$metadata', data: {} }])).rejects.toThrow('system events');
    await expect(store.append('$stats-1', [tick()])).rejects.toThrow('system streams');
    await expect(store.append('', [tick()])).rejects.toThrow('streamId is required');
    expect(appends(client)).toHaveLength(0);
    // Ids are generated when absent, and stored lower-case.
    await store.append('s-1', [{ type: 'Ticked', data: {} }, tick({}, id.toUpperCase())]);
    const [generated, given] = await store.readStream('s-1');
    expect(generated.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(given.id).toBe(id);
  });

  it('reads a stream from a version; a missing stream or a version past its end reads as empty', async () => {
    const { store } = setup();
    await store.append('s-1', [tick({ n: 1 }), tick({ n: 2 }), tick({ n: 3 })]);
    expect((await store.readStream('s-1', { fromVersion: 2 })).map((e) => e.streamVersion)).toEqual([2, 3]);
    expect((await store.readStream('s-1', { fromVersion: 0 })).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    expect(await store.readStream('s-1', { fromVersion: 4 })).toEqual([]);
    expect(await store.readStream('missing')).toEqual([]);
  });

  it('passes other read errors through', async () => {
    const client = new FakeKurrentDBClient();
    client.readStream = () => {
      throw StreamDeletedError.fromStreamName('s-1');
    };
    const store = new KurrentEventStore(client);
    await expect(store.readStream('s-1')).rejects.toBeInstanceOf(StreamDeletedError);
  });

  it('pages through readAll in $all order, skipping system events, with commit/prepare checkpoints', async () => {
    const { client, store } = setup();
    await store.append('stream-a', Array.from({ length: 7 }, (_, n) => tick({ n })));
    client.recordSystemEvent('$stats-127.0.0.1:2113', '$statsCollected');
    client.recordSystemEvent('$$stream-a', '$metadata', { $maxAge: 3600 });
    await store.append('stream-b', [tick({ n: 7 })]);
    client.recordSystemEvent('$ce-stream', '$>', '0@stream-b');
    await store.append('stream-a', Array.from({ length: 5 }, (_, n) => tick({ n: 8 + n })));

    const pages: number[][] = [];
    const checkpoints: Checkpoint[] = [];
    let after: Checkpoint = null;
    for (;;) {
      const page: RecordedEvent[] = await store.readAll({ after, limit: 5 });
      if (page.length === 0) break;
      pages.push(page.map((e) => (e.data as { n: number }).n));
      const last = page[page.length - 1];
      after = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      checkpoints.push(after);
    }
    expect(pages).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
      [10, 11, 12],
    ]);
    // `after` is sent as fromPosition { commit: globalPosition, prepare: transactionId }.
    const fromPositions = client.requests.flatMap((r) => (r.kind === 'readAll' ? [r.options.fromPosition] : []));
    expect(fromPositions[0]).toBe('start');
    for (const checkpoint of checkpoints) {
      expect(fromPositions).toContainEqual({ commit: BigInt(checkpoint!.globalPosition), prepare: BigInt(checkpoint!.transactionId) });
    }
    const all = await store.readAll();
    expect(all).toHaveLength(13);
    expect(all.every((e) => !e.streamId.startsWith('$') && !e.type.startsWith('$'))).toBe(true);
    const positions = all.map((e) => BigInt(e.globalPosition));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
    expect(new Set(positions).size).toBe(13);
    // gRPC appends are implicit transactions: an event's prepare position is its commit position.
    expect(all.every((e) => e.transactionId === e.globalPosition)).toBe(true);
  });

  it('asks again when system events leave a page short, and stops at the end of $all', async () => {
    const { client, store } = setup({ readAllPageSize: 3 });
    await store.append('s-1', [tick({ n: 0 })]);
    for (let i = 0; i < 7; i++) client.recordSystemEvent('$stats-node', '$statsCollected');
    await store.append('s-1', [tick({ n: 1 }), tick({ n: 2 })]);
    const before = client.requests.length;
    const page = await store.readAll({ limit: 2 });
    expect(page.map((e) => (e.data as { n: number }).n)).toEqual([0, 1]);
    expect(client.requests.length - before).toBeGreaterThan(1);
    const rest = await store.readAll({ after: { transactionId: page[1].transactionId, globalPosition: page[1].globalPosition }, limit: 10 });
    expect(rest.map((e) => (e.data as { n: number }).n)).toEqual([2]);
    expect(await store.readAll({ after: { transactionId: rest[0].transactionId, globalPosition: rest[0].globalPosition } })).toEqual([]);
    expect(await store.readAll({ limit: 0 })).toEqual([]);
  });

  it('connects with a connection string without contacting the server until used, and closes', async () => {
    // Compile-time: the real client is what the constructor takes.
    const fits = (client: KurrentDBClient): KurrentClientLike => client;
    const store = await KurrentEventStore.connect('kurrentdb://localhost:2113?tls=false');
    expect(store).toBeInstanceOf(KurrentEventStore);
    expect(typeof fits(store.client as KurrentDBClient).appendToStream).toBe('function');
    await store.close();

    const client = new FakeKurrentDBClient();
    await new KurrentEventStore(client).close();
    expect(client.disposed).toBe(true);
  });

  it('refuses a readAll page size that could not make progress', () => {
    expect(() => new KurrentEventStore(new FakeKurrentDBClient(), { readAllPageSize: 1 })).toThrow('readAllPageSize');
  });

  describe('as the log the projection runner and the relay read (EventLog)', () => {
    function logSetup(readAllPageSize = 3) {
      const client = new FakeKurrentDBClient();
      return { client, store: new KurrentEventStore(client, { readAllPageSize }) };
    }

    it('finds the head: the newest event, past system events and the store own streams, in pages; null when there is none', async () => {
      const { client, store } = logSetup();
      expect(await store.headCheckpoint()).toBeNull();
      const first = await store.append('a-1', [tick(), tick()]);
      for (let i = 0; i < 7; i++) client.recordSystemEvent('$stats-127.0.0.1:2113', '$statsCollected');
      await store.storeCheckpoint('reader', null);
      await store.append('b-1', [tick()], { claims: { acquire: [{ scope: 's', value: 'v', owner: 'b-1' }] } });
      await store.releaseClaims([{ scope: 's', value: 'v', owner: 'b-1' }]);
      for (let i = 0; i < 5; i++) client.recordSystemEvent('$stats-127.0.0.1:2113', '$statsCollected');
      const all = await store.readAll();
      expect(all.map((e) => e.streamId)).toEqual(['a-1', 'a-1', 'b-1']);
      expect(await store.headCheckpoint()).toEqual({ transactionId: all[2].transactionId, globalPosition: all[2].globalPosition });
      expect(all[1].globalPosition).toBe(first.globalPositions[1]);
      // Page by page backwards (page size 3): more than one request was needed.
      expect(client.requests.filter((r) => r.kind === 'readAll' && r.options.direction === 'backwards').length).toBeGreaterThan(2);
    });

    it('gives the checkpoint of an appended position, null for a position with no event yet', async () => {
      const { store } = logSetup();
      const { globalPositions } = await store.append('a-1', [tick(), tick()]);
      const all = await store.readAll();
      expect(await store.checkpointAt(globalPositions[1])).toEqual({ transactionId: all[1].transactionId, globalPosition: all[1].globalPosition });
      expect(await store.checkpointAt((BigInt(globalPositions[1]) + 1_000_000n).toString())).toBeNull();
    });

    it('counts the events after a checkpoint (system ones skipped), up to a cap', async () => {
      const { client, store } = logSetup();
      await store.append('a-1', [tick(), tick(), tick()]);
      client.recordSystemEvent('$stats-127.0.0.1:2113', '$statsCollected');
      await store.append('a-2', [tick(), tick()]);
      const all = await store.readAll();
      expect(await store.countEvents()).toBe(5);
      expect(await store.countAfter(null)).toBe(5);
      expect(await store.countAfter({ transactionId: all[1].transactionId, globalPosition: all[1].globalPosition })).toBe(3);
      expect(await store.countAfter(null, 4)).toBe(4);
      expect(await store.countAfter({ transactionId: all[4].transactionId, globalPosition: all[4].globalPosition })).toBe(0);
    });

    it("wakes its listeners on this store's appends, until they close", async () => {
      const { store } = logSetup();
      let woken = 0;
      const listener = await store.listen(() => woken++);
      await store.append('a-1', [tick()]);
      expect(woken).toBe(1);
      await store.append('a-1', [], { expectedVersion: 1 }); // nothing appended: no wake-up
      expect(woken).toBe(1);
      await listener.close();
      await store.append('a-1', [tick()]);
      expect(woken).toBe(1);
    });
  });
});
