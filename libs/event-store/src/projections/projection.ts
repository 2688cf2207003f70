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
  /**
   * The batch hook: when present the runner calls it once per batch with the batch's events (of
   * `eventTypes`, in `readAll` order) instead of `handle` per event, so the read model can be
   * written with a few multi-row statements inside the checkpointed transaction. Same rules as
   * `handle` (write through `em` only). A failing batch is retried one event at a time, so the
   * failure names its event; the hook must therefore give the same result for any split of the
   * events into consecutive batches.
   */
  handleBatch?(events: readonly RecordedEvent[], em: SqlEntityManager): Promise<void>;
  /**
   * The read model's tables (names in the ORM's default schema). With them, `rebuild` replays
   * into shadow copies while the live tables keep serving, then swaps them in one transaction.
   * `handle` must then address its tables through the EntityManager's schema (`em.schema`,
   * entities without an explicit schema), never a hard-coded one.
   */
  readonly tables?: readonly string[];
  /** Deletes the read model's rows, for a rebuild from zero in place (projections without `tables`). */
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
