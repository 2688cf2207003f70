import type { SqlEntityManager } from '@mikro-orm/sql';
import type { RecordedEvent } from '../store/event-store.types';

/**
 * Builds a read model from events. `handle` gets the EntityManager of the batch's transaction;
 * everything it writes through it commits together with the projection's checkpoint.
 */
export interface Projection {
  /** Unique per event store; the checkpoint row's name. */
  readonly name: string;
  /** Only these event types reach `handle` (default: all). The checkpoint still moves past the others. */
  readonly eventTypes?: readonly string[];
  handle(event: RecordedEvent, em: SqlEntityManager): Promise<void>;
  /** Deletes the read model's rows, for a rebuild from zero. */
  reset?(em: SqlEntityManager): Promise<void>;
}

/** A projection failed; the batch was rolled back and will be retried. */
export class ProjectionError extends Error {
  override readonly name = 'ProjectionError';
  constructor(
    readonly projection: string,
    readonly event: Pick<RecordedEvent, 'id' | 'type' | 'globalPosition'> | null,
    cause: unknown,
  ) {
    super(
      `Projection '${projection}' failed${event ? ` at event ${event.id} (${event.type}, position ${event.globalPosition})` : ''}: ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
      { cause },
    );
  }
}
