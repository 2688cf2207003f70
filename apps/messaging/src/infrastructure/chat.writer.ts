import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedVersionError, type AppendResult, type EventMetadata, type EventStore, type NewEvent, type PostgresEventStore, type RecordedEvent } from '@app/event-store';
import { AggregateWriter, EVENT_STORE, EventPipeline, requestEventMetadata, type CachedState, type WriterStore } from '@app/nest-kit';
import { decideChat, evolveChat, initialChatState, type ChatCommand, type ChatState, type PostMessage } from '../domain/chat.aggregate';
import type { ChatEvent, ChatIconBadgeCleared } from '../domain/chat.events';
import { badgeStreamId, chatStreamId } from '../domain/chat-id';
import { CHATS_PROJECTION } from '../read-models/chats.projection';
import { CHAT_COMMIT, type ChatCommitMode } from '../config';

/**
 * How long a read waits for the read models to hold what was written before it. The projection
 * is usually there in milliseconds; on an overloaded machine it can lag seconds behind a burst of
 * messages, and a room shown without the sender's last messages looks like a loss. Past this,
 * the read answers with what is projected. Below the gateway's RPC timeout (10 s), so the caller
 * gets an answer rather than a 503.
 */
const READ_YOUR_WRITES_MS = 8_000;

type Snapshot = CachedState<ChatState>;

/**
 * The service's event store: Postgres (its batch append and batch read), or KurrentDB with
 * EVENT_STORE=kurrentdb (neither: each room is appended and read on its own, same results).
 */
type ChatStore = WriterStore & Partial<Pick<PostgresEventStore, 'appendMany' | 'readStreams'>>;

export type ChatWriteResult = { state: ChatState; newEvents: ChatEvent[]; globalPositions: string[]; version: number };

type Queued = { command: PostMessage; metadata: EventMetadata; resolve: (r: ChatWriteResult) => void; reject: (e: unknown) => void };
type Accepted = { item: Queued; state: ChatState; events: ChatEvent[]; from: number };
/** A room of a batch: its messages in order, those decided on and their events, those refused. */
type Plan = { streamId: string; version: number; state: ChatState; items: Queued[]; accepted: Accepted[]; refused: Array<{ item: Queued; err: unknown }>; events: NewEvent[] };
/** A room's state and version, and whether it came from the cache (not read from the store for this batch). */
type Loaded = Snapshot & { cached: boolean };

/**
 * Runs chat commands on the kit's one aggregate writer, with the state of recently used rooms
 * kept in memory (its `cache`: loading a room reads only the events after the cached version, so
 * a room with 100,000 messages is decided on as fast as one with ten). Messages
 * (`post`) are group-committed: those that arrive while a batch is being written go together in
 * the next one, the rooms this instance has cached decided on that state (nothing read), the
 * others loaded in one query, and every room's new events appended in one statement
 * (PostgresEventStore.appendMany), each room at the version it was decided at.
 *
 * That statement waits for its WAL flush (`CHAT_COMMIT=sync`, the default): an answer of 200
 * means the message survives a crash of the database server. `CHAT_COMMIT=async` is an
 * operator's opt-in (src/config.ts): the statement commits without waiting for the flush, and a
 * crash of the database server can lose the messages of its last moments.
 */
@Injectable()
export class ChatWriter {
  private readonly chats: AggregateWriter<ChatState, ChatEvent, ChatCommand>;
  private readonly queue: Queued[] = [];
  private draining = false;
  /** The newest global position this instance appended (what `caughtUp` waits for). */
  private lastWritten: string | undefined;
  /** The newest of those known to be in the read models. */
  private seenProjected: string | undefined;
  static readonly CACHE_SIZE = 20_000;
  /** The most messages written in one statement. */
  static readonly MAX_BATCH = 200;

  constructor(
    @Inject(EVENT_STORE) private readonly store: ChatStore,
    private readonly pipeline: EventPipeline,
    @Inject(CHAT_COMMIT) private readonly commit: ChatCommitMode = 'sync',
  ) {
    this.chats = new AggregateWriter<ChatState, ChatEvent, ChatCommand>(store, pipeline, {
      streamId: chatStreamId,
      decide: decideChat,
      evolve: evolveChat,
      initialState: initialChatState,
      projections: [CHATS_PROJECTION],
      conflict: 'The chat changed at the same time; please try again',
      cache: { size: ChatWriter.CACHE_SIZE, keep: (state) => state.chatId !== null },
    });
  }

  /**
   * A message, decided and stored with the others that came meanwhile (see the class). In the
   * order of the calls within a room; a room another instance wrote to meanwhile (its version
   * moved) has its messages run again one by one through `execute`, as any conflict is.
   */
  post(command: PostMessage): Promise<ChatWriteResult> {
    return new Promise<ChatWriteResult>((resolve, reject) => {
      this.queue.push({ command, metadata: requestEventMetadata(), resolve, reject });
      if (this.draining) return;
      this.draining = true;
      // Whatever else arrives in this turn of the event loop joins the first batch.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.writeBatch(this.queue.splice(0, ChatWriter.MAX_BATCH));
    } finally {
      this.draining = false;
    }
  }

  private async writeBatch(batch: Queued[]): Promise<void> {
    const byStream = new Map<string, Queued[]>();
    for (const item of batch) {
      const streamId = chatStreamId(item.command.chatId);
      byStream.set(streamId, [...(byStream.get(streamId) ?? []), item]);
    }
    let loaded: Map<string, Loaded>;
    try {
      loaded = await this.loadMany([...byStream.keys()]);
    } catch {
      await Promise.all([...byStream.values()].map((items) => this.runAlone(items)));
      return;
    }
    const plans: Plan[] = [];
    const again: Array<Promise<void>> = [];
    for (const [streamId, items] of byStream) {
      const start = loaded.get(streamId)!;
      const plan: Plan = { streamId, version: start.version, state: start.state, items, accepted: [], refused: [], events: [] };
      for (const item of items) {
        let decided: ChatEvent[];
        try {
          decided = decideChat(item.command, plan.state);
        } catch (err) {
          // This message only (not a participant, empty text...). Decided on a cached state, the
          // refusal holds once the room's version is known to be current (below).
          if (start.cached) plan.refused.push({ item, err });
          else item.reject(err);
          continue;
        }
        plan.state = decided.reduce(evolveChat, plan.state);
        plan.accepted.push({ item, state: plan.state, events: decided, from: plan.events.length });
        plan.events.push(...decided.map((e) => ({ type: e.type, data: e.data, metadata: item.metadata })));
      }
      if (plan.accepted.length) plans.push(plan);
      // Nothing to append, so nothing checks the cached version: the room's messages again on a fresh load.
      else if (plan.refused.length) again.push(this.runAlone(items));
    }
    if (plans.length > 0) await this.appendPlans(plans, again);
    // The next batch waits for these: a room's later messages must not overtake them.
    await Promise.all(again);
  }

  /** Every room's new events in one statement, each at the version it was decided on. */
  private async appendPlans(plans: Plan[], again: Array<Promise<void>>): Promise<void> {
    let results: Array<AppendResult | Error>;
    try {
      const appends = plans.map((p) => ({ streamId: p.streamId, events: p.events, expectedVersion: p.version }));
      results = this.store.appendMany ? await this.store.appendMany(appends, { asyncCommit: this.commit === 'async' }) : await appendEach(this.store, appends);
    } catch {
      // Nothing of the batch was stored: each message on its own, with its own retries.
      for (const p of plans) again.push(this.runAlone(p.items));
      return;
    }
    results.forEach((result, i) => {
      const plan = plans[i];
      if (result instanceof WrongExpectedVersionError) {
        // Written meanwhile (another instance): every message of the room again, in order, on a fresh load.
        this.chats.forget(plan.streamId);
        again.push(this.runAlone(plan.items));
        return;
      }
      for (const r of plan.refused) r.item.reject(r.err);
      if (result instanceof Error) {
        for (const a of plan.accepted) a.item.reject(result);
        return;
      }
      this.chats.remember(plan.streamId, plan.state, result.nextExpectedVersion);
      this.noteWritten(result.globalPositions);
      for (const a of plan.accepted) {
        a.item.resolve({
          state: a.state,
          newEvents: a.events,
          globalPositions: result.globalPositions.slice(a.from, a.from + a.events.length),
          version: plan.version + a.from + a.events.length,
        });
      }
    });
  }

  /** One room's messages one by one through `execute` (its retries), in their order. */
  private async runAlone(items: Queued[]): Promise<void> {
    for (const item of items) await this.execute(item.command, item.metadata).then(item.resolve, item.reject);
  }

  /**
   * The state and version of several rooms: a cached room as cached (no query: if another
   * instance wrote to it since, the append's expected version says so and its messages run
   * again alone on a fresh load), the others from their events, in one query.
   */
  private async loadMany(streamIds: string[]): Promise<Map<string, Loaded>> {
    const out = new Map<string, Loaded>();
    const missing: string[] = [];
    for (const id of streamIds) {
      const snap = this.chats.cached(id);
      if (snap) out.set(id, { ...snap, cached: true });
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const newer = this.store.readStreams
      ? await this.store.readStreams<ChatEvent['data']>(missing.map((id) => ({ streamId: id, fromVersion: 1 })))
      : new Map(await Promise.all(missing.map(async (id) => [id, await this.store.readStream<ChatEvent['data']>(id)] as [string, RecordedEvent<ChatEvent['data']>[]])));
    for (const id of missing) {
      let state = initialChatState();
      let version = 0;
      for (const e of newer.get(id) ?? []) {
        state = evolveChat(state, { type: e.type, data: e.data } as ChatEvent);
        version = e.streamVersion;
      }
      out.set(id, { state, version, cached: false });
    }
    return out;
  }

  async execute(command: ChatCommand, meta: EventMetadata = requestEventMetadata()): Promise<ChatWriteResult> {
    const result = await this.chats.execute(command.chatId, command, { metadata: meta });
    this.noteWritten(result.globalPositions);
    return { state: result.state, newEvents: result.newEvents, globalPositions: result.globalPositions, version: result.version };
  }

  /** A room's current state (from the cache and the events after it), e.g. to check who may read it. */
  load(chatId: string): Promise<ChatState> {
    return this.chats.load(chatId);
  }

  /** The top-bar chat badge was cleared (its own tiny stream per user; no decision to make). */
  async clearBadge(userId: string): Promise<string[]> {
    const event: ChatIconBadgeCleared = { type: 'ChatIconBadgeCleared', data: { userId, at: new Date().toISOString() } };
    const result = await this.store.append(badgeStreamId(userId), [{ type: event.type, data: event.data, metadata: requestEventMetadata() }]);
    return result.globalPositions;
  }

  /**
   * Read-your-writes for the calls that answer from the read models, bounded (never throws):
   * waits until the read models hold these positions and everything else this instance has
   * written so far (messages reply without waiting, so the next read waits for them instead).
   * Nothing to wait for (the usual case) costs nothing.
   */
  async projected(globalPositions: readonly string[] = [], timeoutMs = READ_YOUR_WRITES_MS): Promise<boolean> {
    const mine = globalPositions[globalPositions.length - 1];
    const target = !mine ? this.lastWritten : !this.lastWritten || BigInt(mine) > BigInt(this.lastWritten) ? mine : this.lastWritten;
    if (!target || (this.seenProjected && BigInt(this.seenProjected) >= BigInt(target))) return true;
    const ok = await this.pipeline.projected([target], { timeoutMs, projections: [CHATS_PROJECTION] });
    if (ok && (!this.seenProjected || BigInt(target) > BigInt(this.seenProjected))) this.seenProjected = target;
    return ok;
  }

  /** `projected` for a read that wrote nothing itself. */
  caughtUp(timeoutMs = READ_YOUR_WRITES_MS): Promise<boolean> {
    return this.projected([], timeoutMs);
  }

  private noteWritten(globalPositions: readonly string[]): void {
    const last = globalPositions[globalPositions.length - 1];
    if (last && (!this.lastWritten || BigInt(last) > BigInt(this.lastWritten))) this.lastWritten = last;
  }
}

/** `appendMany`'s answers on a store without it: each room appended on its own, its failure as its result. */
function appendEach(store: EventStore, appends: Array<{ streamId: string; events: NewEvent[]; expectedVersion: number }>): Promise<Array<AppendResult | Error>> {
  return Promise.all(
    appends.map((a) => store.append(a.streamId, a.events, { expectedVersion: a.expectedVersion }).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))))),
  );
}
