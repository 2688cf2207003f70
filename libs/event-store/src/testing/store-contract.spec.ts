import { FakeKurrentDBClient } from '../kurrent/fake-kurrentdb-client.fixture';
import { KurrentEventStore } from '../kurrent/kurrent-event-store';
import { InMemoryEventStore } from './in-memory-event-store';
import { describeStoreContract } from './store-contract';

// The unit lane: KurrentDB's rules as the in-process fake client implements them, and the in-memory store of the handler specs.
describeStoreContract('KurrentEventStore on the in-process KurrentDB fake', async () => ({
  store: new KurrentEventStore(new FakeKurrentDBClient(), { readAllPageSize: 3 }),
}), { log: true });
describeStoreContract('InMemoryEventStore', async () => ({ store: new InMemoryEventStore() }));
