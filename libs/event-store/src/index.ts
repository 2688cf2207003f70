export type {
  AppendOptions,
  AppendResult,
  Checkpoint,
  Claim,
  ClaimChanges,
  EventMetadata,
  EventLog,
  EventStore,
  ExpectedVersion,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
} from './store/event-store.types';
export {
  CheckpointAheadError,
  checkpointResetCommand,
  ClaimTakenError,
  ConcurrencyConflictError,
  DuplicateEventIdError,
  WrongExpectedVersionError,
} from './store/event-store.errors';
export { checkpointOf, compareCheckpoints } from './store/checkpoint';
export { CLAIMS_TABLE_DDL, claimChanges } from './store/claims';
export { inPgTransaction } from './store/pg-transaction';
export { CheckpointedSubscription, type CheckpointedSubscriptionOptions } from './subscription/checkpointed-subscription';
export {
  PostgresEventStore,
  type PostgresAppendOptions,
  type PostgresEventStoreOptions,
  type PostgresReadStreamOptions,
} from './store/postgres-event-store';
export { KurrentEventStore, type KurrentClientLike, type KurrentEventStoreOptions } from './kurrent';
export {
  handleCommand,
  loadAggregate,
  type CommandDecision,
  type CommandStore,
  type Decider,
  type Decision,
  type DomainEvent,
  type Evolve,
  type HandleCommandOptions,
  type HandleCommandResult,
  type LoadedAggregate,
} from './aggregate/decider';
export { ProjectionError, type Projection } from './projections/projection';
export {
  ProjectionRunner,
  type ProjectionFailure,
  type ProjectionProgress,
  type ProjectionStatus,
  type ProjectionRunnerOptions,
  type RebuildProgress,
} from './projections/projection-runner';
export { cloudEventJson, toCloudEvent, type IntegrationEvent, type IntegrationEventMapper } from './relay/cloud-event';
export { JetStreamRelay, type JetStreamRelayOptions } from './relay/jetstream-relay';
export type { EventStoreLogger } from './support/support';
export { DeciderSpecification, InMemoryEventStore, type DeciderThen, type DeciderWhen } from './testing';
export * as testing from './testing';
