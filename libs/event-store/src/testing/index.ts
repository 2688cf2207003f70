export { DeciderSpecification, type DeciderThen, type DeciderWhen } from './decider-specification';
export { InMemoryEventStore } from './in-memory-event-store';
export { projectOneByOneAndBatched, type ReadModelCopy, type StoredEventInput, type TableRows } from './batch-equivalence';
