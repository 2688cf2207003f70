import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import { ACCOUNT_EVENT_TYPES } from '../domain/account.events';
import { qualified } from '../read-models/qualified';
import { GENESIS_HASH, entryHash, sourceEventHash, type ChainEntry } from './hash-chain';

/** Every event of the security log: all account events and failed sign-ins. */
export const SECURITY_EVENT_TYPES: readonly string[] = [...ACCOUNT_EVENT_TYPES, 'SignInFailed', 'AttemptsThrottled'];

/** The hashed content of an entry, from its event (deterministic: a rebuild gives the same chain). */
export function chainEntryOf(event: RecordedEvent, seq: number, prevHash: string): ChainEntry {
  const { accountId, ...details } = (event.data ?? {}) as Record<string, unknown>;
  const req = event.metadata?.request ?? {};
  return {
    seq,
    eventId: event.id,
    globalPosition: event.globalPosition,
    streamId: event.streamId,
    accountId: typeof accountId === 'string' ? accountId : null,
    type: event.type,
    occurredAt: event.recordedAt.toISOString(),
    ip: typeof req.ip === 'string' ? req.ip : null,
    browser: typeof req.browser === 'string' ? req.browser : null,
    os: typeof req.os === 'string' ? req.os : null,
    details,
    eventHash: sourceEventHash(event),
    prevHash,
  };
}

const INSERT_COLUMNS = 'seq, event_id, global_position, stream_id, account_id, type, occurred_at, ip, browser, os, details, event_hash, prev_hash, hash';
const INSERT_TUPLE = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)';
/** Rows per multi-row INSERT (14 parameters each, well under Postgres' 65,535). */
const INSERT_ROWS = 1000;

function insertValues(entry: ChainEntry, hash: string): unknown[] {
  return [
    entry.seq,
    entry.eventId,
    entry.globalPosition,
    entry.streamId,
    entry.accountId,
    entry.type,
    entry.occurredAt,
    entry.ip,
    entry.browser,
    entry.os,
    JSON.stringify(entry.details),
    entry.eventHash,
    entry.prevHash,
    hash,
  ];
}

/**
 * The security event log for compliance auditors (table `security_log`). Fed in commit order by
 * the projection runner, each entry carries the SHA-256 of its source event row, of the previous
 * entry and of its own canonical JSON. Events never hold secrets, so neither does the log.
 */
@Injectable()
export class SecurityLogProjection implements Projection {
  readonly name = 'security-log';
  readonly eventTypes = SECURITY_EVENT_TYPES;

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const table = qualified(em, 'security_log');
    const seen = await em.execute<{ n: number }[]>(`SELECT 1 AS n FROM ${table} WHERE event_id = ?`, [event.id]);
    if (seen.length) return;
    const last = await em.execute<{ seq: string; hash: string }[]>(`SELECT seq, hash FROM ${table} ORDER BY seq DESC LIMIT 1`);
    const entry = chainEntryOf(event, last[0] ? Number(last[0].seq) + 1 : 1, last[0]?.hash ?? GENESIS_HASH);
    await em.execute(`INSERT INTO ${table} (${INSERT_COLUMNS}) VALUES ${INSERT_TUPLE}`, insertValues(entry, entryHash(entry)));
  }

  /**
   * A batch: one query for the ids already logged, one for the chain's head, then the new entries
   * chained in memory and written with multi-row INSERTs; the same entries `handle` writes one by one.
   */
  async handleBatch(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
    if (events.length === 0) return;
    const table = qualified(em, 'security_log');
    const logged = await em.execute<{ event_id: string }[]>(`SELECT event_id::text AS event_id FROM ${table} WHERE event_id = ANY(?::uuid[])`, [
      `{${events.map((e) => e.id).join(',')}}`,
    ]);
    const seen = new Set(logged.map((r) => r.event_id));
    const last = await em.execute<{ seq: string; hash: string }[]>(`SELECT seq, hash FROM ${table} ORDER BY seq DESC LIMIT 1`);
    let seq = last[0] ? Number(last[0].seq) : 0;
    let prev = last[0]?.hash ?? GENESIS_HASH;
    let rows: unknown[][] = [];
    const flush = async () => {
      if (rows.length === 0) return;
      await em.execute(`INSERT INTO ${table} (${INSERT_COLUMNS}) VALUES ${rows.map(() => INSERT_TUPLE).join(', ')}`, rows.flat());
      rows = [];
    };
    for (const event of events) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      const entry = chainEntryOf(event, ++seq, prev);
      prev = entryHash(entry);
      rows.push(insertValues(entry, prev));
      if (rows.length >= INSERT_ROWS) await flush();
    }
    await flush();
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute(`DELETE FROM ${qualified(em, 'security_log')}`);
  }
}
