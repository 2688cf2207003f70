export { KurrentEventStore, type KurrentClientLike, type KurrentEventStoreOptions } from './kurrent-event-store';
