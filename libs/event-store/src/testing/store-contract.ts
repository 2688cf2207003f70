/**
 * The store contract: the rules every `EventStore` the services may run on must keep, as one
 * jest suite parameterised by store. Run on Postgres (integration lane,
 * libs/event-store/test/store-contract.int-spec.ts), on the in-process KurrentDB fake and the
 * in-memory store (unit lane, src/testing/store-contract.spec.ts) and on a real KurrentDB when
 * KURRENTDB_URL is set (libs/event-store/test/kurrentdb-server.int-spec.ts). Jest specs only.
 */
import { randomUUID } from 'node:crypto';
import { checkpointOf, hasReached } from '../store/checkpoint';
import { ClaimTakenError, DuplicateEventIdError, WrongExpectedVersionError } from '../store/event-store.errors';
import type { Checkpoint, Claim, EventLog, EventStore, NewEvent, RecordedEvent } from '../store/event-store.types';
import { CheckpointedSubscription } from '../subscription/checkpointed-subscription';

export type StoreUnderContract = { store: EventStore; close?: () => Promise<void> };

const tick = (n: number, id: string = randomUUID()): NewEvent => ({ id, type: 'Ticked', data: { n } });

/**
 * Runs `probe` until `done` holds (or 60 s passed: then its last answer). Committed events may
 * become readable a little later: Postgres hands out only transactions older than every one
 * still open on the server (other test files' included).
 */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 10; ; wait = Math.min(wait * 2, 500)) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * `log`: the store is also the ordered log the projection runner and the relay read
 * (`EventLog`: head, positions, lag, wake-ups), as `PostgresEventStore` and `KurrentEventStore` are.
 */
export function describeStoreContract(name: string, open: () => Promise<StoreUnderContract>, options: { log?: boolean } = {}): void {
  describe(`store contract: ${name}`, () => {
    let under: StoreUnderContract;
    let store: EventStore;
    // Every test writes its own streams and scopes: a real server may hold anything else.
    let run: string;
    const stream = (s: string) => `contract_${run}-${s}`;
    const mine = (events: RecordedEvent[]) => events.filter((e) => e.streamId.startsWith(`contract_${run}-`));

    beforeAll(async () => {
      under = await open();
      store = under.store;
    });
    afterAll(async () => {
      await under?.close?.();
    });
    beforeEach(() => {
      run = randomUUID().slice(0, 8);
    });

    /** The checkpoint just before the first event of `streamId` (read back from the store). */
    async function checkpointBefore(streamId: string): Promise<{ first: RecordedEvent; after: Checkpoint }> {
      const [first] = await store.readStream(streamId);
      return { first, after: checkpointOf(first) };
    }

    it('expected version: an append checks the stream version it expects, and answers the next one', async () => {
      const s = stream('a');
      expect(await store.streamVersion(s)).toBe(0);
      expect((await store.append(s, [tick(1), tick(2)], { expectedVersion: 'no-stream' })).nextExpectedVersion).toBe(2);
      const stale = await store.append(s, [tick(3)], { expectedVersion: 0 }).catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(WrongExpectedVersionError);
      expect(stale).toMatchObject({ streamId: s, actual: 2 });
      await expect(store.append(s, [tick(3)], { expectedVersion: 1 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.append(s, [tick(3)], { expectedVersion: 2 })).nextExpectedVersion).toBe(3);
      expect((await store.append(s, [tick(4)], { expectedVersion: 'any' })).nextExpectedVersion).toBe(4);
      expect(await store.streamVersion(s)).toBe(4);
      const events = await store.readStream<{ n: number }>(s);
      expect(events.map((e) => [e.streamVersion, e.data.n])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
      ]);
      expect((await store.readStream(s, { fromVersion: 3 })).map((e) => e.streamVersion)).toEqual([3, 4]);
    });

    it('idempotent event ids: the same append again answers the original result; ids stored otherwise are refused', async () => {
      const s = stream('b');
      const batch = [tick(1), tick(2)];
      const first = await store.append(s, batch, { expectedVersion: 'no-stream' });
      const again = await store.append(s, batch, { expectedVersion: 'no-stream' });
      expect(again.nextExpectedVersion).toBe(first.nextExpectedVersion);
      expect(again.globalPositions).toEqual(first.globalPositions);
      expect(await store.streamVersion(s)).toBe(2);
      // Part of a stored batch with a new event, resent as the original was: neither a silent
      // duplicate nor a merge. (Resent at the stream's *current* version KurrentDB writes it
      // again, by design: README, "KurrentDB", Idempotency. Not part of the contract.)
      await expect(store.append(s, [tick(3, batch[0].id), tick(4)], { expectedVersion: 'no-stream' })).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect(await store.streamVersion(s)).toBe(2);
    });

    it('read-all order: every event once, in the order the appends committed, the same however it is paged', async () => {
      const [a, b] = [stream('a'), stream('b')];
      await store.append(a, [tick(1)]);
      await store.append(b, [tick(2), tick(3)]);
      await store.append(a, [tick(4)]);
      await store.append(b, [tick(5)]);
      const { first, after } = await checkpointBefore(a);
      const all = await until(async () => mine(await store.readAll({ after, limit: 1000 })), (events) => events.length >= 4);
      expect(all.map((e) => (e.data as { n: number }).n)).toEqual([2, 3, 4, 5]);
      expect(all.map((e) => e.streamId)).toEqual([b, b, a, b]);
      const paged: RecordedEvent[] = [];
      let at: Checkpoint = after;
      for (;;) {
        const page = await store.readAll({ after: at, limit: 2 });
        if (mine(page).length === 0) break;
        paged.push(...mine(page));
        at = checkpointOf(page[page.length - 1]);
      }
      expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
      expect(all.map((e) => e.id)).not.toContain(first.id);
      expect(mine(await store.readAll({ after: checkpointOf(all[all.length - 1]) }))).toEqual([]);
    });

    if (options.log) {
      it('ordered log: the head reaches every append, an append position gives its checkpoint, the lag counts what follows, appends wake listeners', async () => {
        const log = store as EventStore & EventLog;
        const s = stream('log');
        let woken = 0;
        const listener = await log.listen(() => woken++);
        try {
          const { globalPositions } = await store.append(s, [tick(1), tick(2), tick(3)]);
          const events = await store.readStream(s);
          const last = checkpointOf(events[2]);
          expect(hasReached(await until(() => log.headCheckpoint(), (head) => hasReached(head, last)), last)).toBe(true);
          expect(await until(() => log.checkpointAt(globalPositions[2]), (c) => c !== null)).toEqual(last);
          expect(await log.checkpointAt(globalPositions[0])).toEqual(checkpointOf(events[0]));
          // Others may append to a shared server meanwhile: at least the two after the first.
          expect(await log.countAfter(checkpointOf(events[0]))).toBeGreaterThanOrEqual(2);
          expect(await log.countAfter(checkpointOf(events[0]), 1)).toBe(1);
          expect(await log.countEvents()).toBeGreaterThanOrEqual(3);
          expect(await until(async () => woken, (n) => n > 0)).toBeGreaterThan(0);
        } finally {
          await listener.close();
        }
      });
    }

    it('checkpointed subscriptions: a subscription resumes after its stored checkpoint; each name keeps its own', async () => {
      const s = stream('sub');
      await store.append(s, [tick(0)]);
      const { after } = await checkpointBefore(s);
      const [one, two] = [`contract_${run}_one`, `contract_${run}_two`];
      await store.storeCheckpoint(one, after);
      await store.storeCheckpoint(two, after);
      const seen: number[] = [];
      const subscribe = (name: string, into: number[]) =>
        new CheckpointedSubscription(store, { name, batchSize: 2, handle: async (events) => void into.push(...mine(events).map((e) => (e.data as { n: number }).n)) });

      await store.append(s, [tick(1), tick(2), tick(3)]);
      const catchUp = (name: string, into: number[], count: number) => until(() => subscribe(name, into).catchUp(), () => into.length >= count);
      await catchUp(one, seen, 3);
      expect(seen).toEqual([1, 2, 3]);
      const stored = await store.readCheckpoint(one);
      expect(stored).toEqual(checkpointOf((await store.readStream(s, { fromVersion: 4 }))[0]));

      await store.append(s, [tick(4)]);
      await catchUp(one, seen, 4); // another instance, the same name
      expect(seen).toEqual([1, 2, 3, 4]);

      const other: number[] = [];
      await catchUp(two, other, 4);
      expect(other).toEqual([1, 2, 3, 4]);
      expect(await store.readCheckpoint(`contract_${run}_never`)).toBeNull();
    });

    it('claims: one owner per value, taken and given up atomically with the append', async () => {
      const scope = `contract_${run}.email`;
      const claim = (owner: string, value = 'ann@example.com'): Claim => ({ scope, value, owner });
      const [ann, bob] = [stream('ann'), stream('bob')];

      await store.append(ann, [tick(1)], { expectedVersion: 'no-stream', claims: { acquire: [claim(ann)] } });
      expect(await store.claimHolder(scope, 'ann@example.com')).toBe(ann);

      // Taken: nothing of the append is stored.
      const taken = await store.append(bob, [tick(2)], { expectedVersion: 'no-stream', claims: { acquire: [claim(bob, 'bob@example.com'), claim(bob)] } }).catch((e: unknown) => e);
      expect(taken).toBeInstanceOf(ClaimTakenError);
      expect(taken).toMatchObject({ claim: claim(bob), holder: ann });
      expect(await store.streamVersion(bob)).toBe(0);
      expect(await store.claimHolder(scope, 'bob@example.com')).toBeUndefined();

      // A stale append takes nothing either.
      await expect(store.append(bob, [tick(2)], { expectedVersion: 3, claims: { acquire: [claim(bob, 'bob@example.com')] } })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.claimHolder(scope, 'bob@example.com')).toBeUndefined();

      // The owner's own claim again is kept; a value moves from one owner to the next.
      await store.append(ann, [tick(3)], { expectedVersion: 1, claims: { acquire: [claim(ann)] } });
      await store.append(ann, [tick(4)], { expectedVersion: 2, claims: { release: [claim(ann)], acquire: [claim(ann, 'ann@new.example.com')] } });
      expect(await store.claimHolder(scope, 'ann@example.com')).toBeUndefined();
      expect(await store.claimHolder(scope, 'ann@new.example.com')).toBe(ann);
      await store.append(bob, [tick(5)], { expectedVersion: 'no-stream', claims: { acquire: [claim(bob)] } });
      expect(await store.claimHolder(scope, 'ann@example.com')).toBe(bob);

      // Only the holder gives a value up.
      await store.releaseClaims([claim(bob, 'ann@new.example.com')]);
      expect(await store.claimHolder(scope, 'ann@new.example.com')).toBe(ann);
      await store.releaseClaims([claim(ann, 'ann@new.example.com')]);
      expect(await store.claimHolder(scope, 'ann@new.example.com')).toBeUndefined();
      // Claims are the store's own: they never show up among the events.
      const { after } = await checkpointBefore(ann);
      const written = await until(async () => mine(await store.readAll({ after })), (events) => events.length >= 3);
      expect(written.map((e) => [e.streamId, e.type])).toEqual([
        [ann, 'Ticked'],
        [ann, 'Ticked'],
        [bob, 'Ticked'],
      ]);
    });
  });
}
