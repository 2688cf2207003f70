import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import {
  ConcurrencyConflictError,
  PostgresEventStore,
  handleCommand,
  type AppendOptions,
  type CommandStore,
  type EventMetadata,
  type NewEvent,
  type RecordedEvent,
} from '@app/event-store';
import { Conflict, EventPipeline, currentContext } from '@app/nest-kit';
import { decideChat, evolveChat, initialChatState, type ChatCommand, type ChatState } from '../domain/chat.aggregate';
import type { ChatEvent, ChatIconBadgeCleared } from '../domain/chat.events';
import { badgeStreamId, chatStreamId } from '../domain/chat-id';
import { CHATS_PROJECTION } from '../read-models/chats.projection';

const SNAPSHOT = '$ChatStateAt';
type Snapshot = { state: ChatState; version: number };

export type ChatWriteResult = { state: ChatState; newEvents: ChatEvent[]; globalPositions: string[]; version: number };

/**
 * The command store of the chat streams, with the state of recently used rooms kept in memory:
 * loading a room reads only the events after the cached version (a room with 100,000 messages
 * is decided on as fast as one with ten). The cached state goes in front of those events as a
 * synthetic first event, so `handleCommand`'s load, decide, append-with-expected-version loop is
 * unchanged, with the real stream version. Another instance's appends are simply read as newer events.
 */
class CachedChatStore implements CommandStore {
  constructor(
    private readonly store: PostgresEventStore,
    private readonly cache: Map<string, Snapshot>,
  ) {}
  async readStream<T = unknown>(streamId: string, options?: { fromVersion?: number; client?: PoolClient }): Promise<RecordedEvent<T>[]> {
    const snap = this.cache.get(streamId);
    if (!snap) return this.store.readStream<T>(streamId, options);
    const newer = await this.store.readStream<T>(streamId, { ...options, fromVersion: snap.version + 1 });
    const first = { type: SNAPSHOT, data: snap.state, streamVersion: snap.version } as unknown as RecordedEvent<T>;
    return [first, ...newer];
  }
  append(streamId: string, events: readonly NewEvent[], options?: AppendOptions & { client?: PoolClient }) {
    return this.store.append(streamId, events, options);
  }
  withTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return this.store.withTransaction(work);
  }
  lockStream(client: PoolClient, streamId: string): Promise<void> {
    return this.store.lockStream(client, streamId);
  }
}

const evolveWithSnapshot = (state: ChatState, event: ChatEvent | { type: typeof SNAPSHOT; data: ChatState }): ChatState =>
  event.type === SNAPSHOT ? (event.data as ChatState) : evolveChat(state, event as ChatEvent);

/** Runs chat commands through the event store's command helper (`handleCommand`). */
@Injectable()
export class ChatWriter {
  private readonly cache = new Map<string, Snapshot>();
  private readonly commands: CachedChatStore;
  static readonly CACHE_SIZE = 20_000;

  constructor(
    private readonly store: PostgresEventStore,
    private readonly pipeline: EventPipeline,
  ) {
    this.commands = new CachedChatStore(store, this.cache);
  }

  async execute(command: ChatCommand): Promise<ChatWriteResult> {
    const streamId = chatStreamId(command.chatId);
    try {
      const result = await handleCommand<ChatState, ChatEvent>(
        this.commands,
        streamId,
        (state) => decideChat(command, state),
        evolveWithSnapshot as (s: ChatState, e: ChatEvent) => ChatState,
        initialChatState,
        { metadata: metadata() },
      );
      if (result.newState.chatId !== null) this.remember(streamId, { state: result.newState, version: result.nextExpectedVersion });
      return {
        state: result.newState,
        newEvents: result.newEvents.map((e) => ({ type: e.type, data: e.data }) as ChatEvent),
        globalPositions: result.globalPositions,
        version: result.nextExpectedVersion,
      };
    } catch (err) {
      if (err instanceof ConcurrencyConflictError) throw new Conflict('The chat changed at the same time; please try again');
      throw err;
    }
  }

  /** A room's current state (from the cache and the events after it), e.g. to check who may read it. */
  async load(chatId: string): Promise<ChatState> {
    const streamId = chatStreamId(chatId);
    const events = await this.commands.readStream(streamId);
    let state = initialChatState();
    let version = 0;
    for (const e of events) {
      state = evolveWithSnapshot(state, e as unknown as ChatEvent);
      version = e.streamVersion;
    }
    if (state.chatId !== null) this.remember(streamId, { state, version });
    return state;
  }

  /** The top-bar chat badge was cleared (its own tiny stream per user; no decision to make). */
  async clearBadge(userId: string): Promise<string[]> {
    const event: ChatIconBadgeCleared = { type: 'ChatIconBadgeCleared', data: { userId, at: new Date().toISOString() } };
    const result = await this.store.append(badgeStreamId(userId), [{ type: event.type, data: event.data, metadata: metadata() }]);
    return result.globalPositions;
  }

  /** Read-your-writes for the calls that answer from the read models, bounded (never throws). */
  projected(globalPositions: string[], timeoutMs = 2000): Promise<boolean> {
    return this.pipeline.projected(globalPositions, { timeoutMs, projections: [CHATS_PROJECTION] });
  }

  private remember(streamId: string, snap: Snapshot) {
    this.cache.delete(streamId); // re-insert: Map order is the LRU order
    this.cache.set(streamId, snap);
    if (this.cache.size > ChatWriter.CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
  }
}

function metadata(): EventMetadata {
  const ctx = currentContext();
  return {
    ...(ctx?.correlationId ? { correlationId: ctx.correlationId } : {}),
    ...(ctx?.actor ? { actorId: ctx.actor.userId } : {}),
  };
}
