import { randomUUID } from 'node:crypto';
import { ClaimTakenError, DuplicateEventIdError, WrongExpectedVersionError } from '../store/event-store.errors';
import type {
  AppendOptions,
  AppendResult,
  Checkpoint,
  Claim,
  ClaimChanges,
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
  private readonly claims = new Map<string, string>();
  private readonly checkpoints = new Map<string, Checkpoint>();

  async append(streamId: string, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    const result = this.appendEvents(streamId, events, options);
    if (options.claims) this.applyClaims(options.claims);
    return result;
  }

  async claimHolder(scope: string, value: string): Promise<string | undefined> {
    return this.claims.get(claimKey(scope, value));
  }

  async releaseClaims(claims: readonly Claim[]): Promise<void> {
    for (const c of claims) if (this.claims.get(claimKey(c.scope, c.value)) === c.owner) this.claims.delete(claimKey(c.scope, c.value));
  }

  async readCheckpoint(name: string): Promise<Checkpoint> {
    return this.checkpoints.get(name) ?? null;
  }

  async storeCheckpoint(name: string, checkpoint: Checkpoint): Promise<void> {
    this.checkpoints.set(name, checkpoint);
  }

  /** Checks every acquired claim before changing any (then the events are stored, then the claims: all or nothing). */
  private checkClaims(changes: ClaimChanges): void {
    const released = new Set((changes.release ?? []).map((c) => claimKey(c.scope, c.value)));
    for (const c of changes.acquire ?? []) {
      const holder = this.claims.get(claimKey(c.scope, c.value));
      if (holder !== undefined && holder !== c.owner && !released.has(claimKey(c.scope, c.value))) throw new ClaimTakenError(c, holder);
    }
  }

  private applyClaims(changes: ClaimChanges): void {
    void this.releaseClaims(changes.release ?? []);
    for (const c of changes.acquire ?? []) this.claims.set(claimKey(c.scope, c.value), c.owner);
  }

  private appendEvents(streamId: string, events: readonly NewEvent[], options: AppendOptions): AppendResult {
    const ids = events.map((e) => e.id ?? randomUUID());
    const existing = this.all.filter((e) => ids.includes(e.id));
    if (existing.length > 0) {
      if (existing.length !== ids.length || existing.some((e) => e.streamId !== streamId)) {
        throw new DuplicateEventIdError(streamId, existing.map((e) => e.id));
      }
      const stored = ids.map((id) => existing.find((e) => e.id === id)!);
      if (options.claims) this.checkClaims(options.claims);
      return {
        nextExpectedVersion: Math.max(...stored.map((e) => e.streamVersion)),
        globalPositions: stored.map((e) => e.globalPosition),
        transactionId: stored[0].transactionId,
      };
    }
    const current = this.all.filter((e) => e.streamId === streamId).length;
    const expected = options.expectedVersion ?? 'any';
    if (expected !== 'any' && (expected === 'no-stream' ? 0 : expected) !== current) {
      throw new WrongExpectedVersionError(streamId, expected, current);
    }
    if (options.claims) this.checkClaims(options.claims);
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

const claimKey = (scope: string, value: string) => `${scope}\u0000${value}`;
