import { KurrentEventStore } from '../src';
import { describeStoreContract } from '../src/testing/store-contract';

/**
 * The store contract against a real KurrentDB server: KURRENTDB_URL, e.g.
 * kurrentdb://admin:changeit@localhost:2113?tls=false (a throwaway server: the suite writes
 * streams named contract_<random>-..., reservation and checkpoint streams starting with '@').
 */
const url = process.env.KURRENTDB_URL;

if (url) {
  describeStoreContract(`KurrentEventStore on the KurrentDB server at KURRENTDB_URL`, async () => {
    const store = await KurrentEventStore.connect(url);
    return { store, close: () => store.close() };
  });
} else {
  console.warn('store contract against a real KurrentDB server skipped: KURRENTDB_URL is not set (no KurrentDB server runs on this machine; see libs/event-store/README.md)');
  describe('store contract: KurrentEventStore on a real KurrentDB server', () => {
    it.skip('skipped: KURRENTDB_URL is not set (no KurrentDB server runs on this machine; see libs/event-store/README.md)', () => undefined);
  });
}
