import { KurrentEventStore } from '../src';
import { describeStoreContract } from '../src/testing/store-contract';

/**
 * The store contract against a real KurrentDB server: KURRENTDB_URL, e.g.
 * kurrentdb://admin:changeit@localhost:2113?tls=false (a throwaway server: the suite writes
 * streams named contract_<random>-..., reservation and checkpoint streams starting with '@').
 */
// Collected only when KURRENTDB_URL is set (jest.config.js): without a server there is nothing to run.
const url = process.env.KURRENTDB_URL ?? '';

describeStoreContract(`KurrentEventStore on the KurrentDB server at KURRENTDB_URL`, async () => {
  const store = await KurrentEventStore.connect(url);
  return { store, close: () => store.close() };
}, { log: true });
