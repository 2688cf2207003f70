import type { EventStore, RecordedEvent } from '../store/event-store.types';
import { checkpointOf } from '../store/checkpoint';
import { sleep } from '../support/support';

export type CheckpointedSubscriptionOptions = {
  /** The checkpoint's name in the store: a second subscription of the same name resumes where this one stopped. */
  name: string;
  /** Handles a batch of events in the store's global order; the checkpoint moves past them once it resolves. */
  handle: (events: RecordedEvent[]) => Promise<void>;
  batchSize?: number;
  /** How long `start`'s loop waits when it found nothing new (default 200 ms). */
  pollIntervalMs?: number;
};

/**
 * A reader of every event of any `EventStore`, in `readAll` order, with its checkpoint kept in
 * the store (`readCheckpoint` / `storeCheckpoint`): handle a batch, then store the checkpoint of
 * its last event. At-least-once: a crash between the two hands the batch out again, so `handle`
 * must be idempotent (by event id). The Postgres services' projections use `ProjectionRunner`
 * instead, which commits the checkpoint in the read model's own transaction (exactly-once).
 */
export class CheckpointedSubscription {
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly store: EventStore,
    private readonly options: CheckpointedSubscriptionOptions,
  ) {}

  /** Handles every event after the stored checkpoint, batch by batch, until none is left. Returns how many. */
  async catchUp(): Promise<number> {
    const limit = this.options.batchSize ?? 500;
    let handled = 0;
    let after = await this.store.readCheckpoint(this.options.name);
    for (;;) {
      const events = await this.store.readAll({ after, limit });
      if (events.length === 0) return handled;
      await this.options.handle(events);
      after = checkpointOf(events[events.length - 1]);
      await this.store.storeCheckpoint(this.options.name, after);
      handled += events.length;
      if (this.stopped) return handled;
    }
  }

  /** Catches up, then polls, until `stop`. A failing batch is retried (the checkpoint stays before it). */
  start(onError: (err: unknown) => void = () => undefined): void {
    this.stopped = false;
    this.running ??= (async () => {
      while (!this.stopped) {
        try {
          if ((await this.catchUp()) === 0) await sleep(this.options.pollIntervalMs ?? 200);
        } catch (err) {
          onError(err);
          await sleep(this.options.pollIntervalMs ?? 200);
        }
      }
    })().finally(() => {
      this.running = undefined;
    });
  }

  /** Finishes the batch in progress, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }
}
