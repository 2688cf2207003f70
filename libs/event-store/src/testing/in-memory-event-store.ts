import { randomUUID } from 'node:crypto';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../store/event-store.errors';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
} from '../store/event-store.types';
import { compareCheckpoints, checkpointOf } from '../store/checkpoint';

/**
 * An EventStore in memory with the same append rules as PostgresEventStore (expected version,
 * idempotency by event id), for unit specs of command handlers. Every append is one "transaction".
 */
export class InMemoryEventStore implements EventStore {
  private readonly all: RecordedEvent[] = [];
  private transactions = 0;

  async append(streamId: string, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    const ids = events.map((e) => e.id ?? randomUUID());
    const existing = this.all.filter((e) => ids.includes(e.id));
    if (existing.length > 0) {
      if (existing.length !== ids.length || existing.some((e) => e.streamId !== streamId)) {
        throw new DuplicateEventIdError(streamId, existing.map((e) => e.id));
      }
      const stored = ids.map((id) => existing.find((e) => e.id === id)!);
      return {
        nextExpectedVersion: Math.max(...stored.map((e) => e.streamVersion)),
        globalPositions: stored.map((e) => e.globalPosition),
        transactionId: stored[0].transactionId,
      };
    }
    const current = await this.streamVersion(streamId);
    const expected = options.expectedVersion ?? 'any';
    if (expected !== 'any' && (expected === 'no-stream' ? 0 : expected) !== current) {
      throw new WrongExpectedVersionError(streamId, expected, current);
    }
    if (events.length === 0) return { nextExpectedVersion: current, globalPositions: [], transactionId: null };
    const transactionId = String(++this.transactions);
    const recorded = events.map(
      (e, i): RecordedEvent => ({
        globalPosition: String(this.all.length + i + 1),
        transactionId,
        streamId,
        streamVersion: current + i + 1,
        id: ids[i],
        type: e.type,
        data: structuredClone(e.data),
        metadata: structuredClone(e.metadata ?? {}),
        recordedAt: new Date(),
      }),
    );
    this.all.push(...recorded);
    return {
      nextExpectedVersion: current + events.length,
      globalPositions: recorded.map((e) => e.globalPosition),
      transactionId,
    };
  }

  async readStream<T = unknown>(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent<T>[]> {
    const from = options.fromVersion ?? 1;
    return this.all.filter((e) => e.streamId === streamId && e.streamVersion >= from) as RecordedEvent<T>[];
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? null;
    return this.all
      .filter((e) => compareCheckpoints(checkpointOf(e), after) > 0)
      .slice(0, options.limit ?? 1000);
  }

  async streamVersion(streamId: string): Promise<number> {
    return this.all.filter((e) => e.streamId === streamId).length;
  }
}
