import type { Pool, PoolClient, Client } from 'pg';
import type { identity } from '@app/contracts';
import { securityLabel } from './security-labels';
import type { ChainEntry } from './hash-chain';

export type Queryable = Pool | PoolClient | Client;

export type SecurityLogRow = ChainEntry & { hash: string };

export const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

export function rowToEntry(r: Record<string, unknown>): SecurityLogRow {
  return {
    seq: Number(r.seq),
    eventId: String(r.event_id),
    globalPosition: String(r.global_position),
    streamId: String(r.stream_id),
    accountId: (r.account_id as string | null) ?? null,
    type: String(r.type),
    occurredAt: (r.occurred_at as Date).toISOString(),
    ip: (r.ip as string | null) ?? null,
    browser: (r.browser as string | null) ?? null,
    os: (r.os as string | null) ?? null,
    details: (r.details as Record<string, unknown>) ?? {},
    ...(r.event_hash ? { eventHash: String(r.event_hash) } : {}),
    prevHash: String(r.prev_hash),
    hash: String(r.hash),
  };
}

const COLUMNS = `seq, event_id, global_position, stream_id, account_id, type, occurred_at, ip, browser, os, details, event_hash, prev_hash, hash`;

export type SecurityLogFilter = { userId?: string; type?: string; from?: string; to?: string };

function where(f: SecurityLogFilter, params: unknown[]): string {
  const clauses: string[] = [];
  if (f.userId) clauses.push(`account_id = $${params.push(f.userId)}::uuid`);
  if (f.type) clauses.push(`type = $${params.push(f.type)}`);
  if (f.from) clauses.push(`occurred_at >= $${params.push(f.from)}::timestamptz`);
  if (f.to) clauses.push(`occurred_at < $${params.push(f.to)}::timestamptz`);
  return clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
}

/** Entries in chain order (seq), in batches, for verification and export. */
export async function* readEntries(db: Queryable, schema: string, filter: SecurityLogFilter = {}, batch = 2000): AsyncGenerator<SecurityLogRow> {
  let after = 0;
  for (;;) {
    const params: unknown[] = [];
    const w = where(filter, params);
    const cond = `${w ? `${w} AND` : 'WHERE'} seq > $${params.push(after)}`;
    const { rows } = await db.query(`SELECT ${COLUMNS} FROM ${quoteIdent(schema)}.security_log ${cond} ORDER BY seq LIMIT $${params.push(batch)}`, params);
    for (const r of rows) yield rowToEntry(r);
    if (rows.length < batch) return;
    after = Number(rows[rows.length - 1].seq);
  }
}

/** One page, newest first. */
export async function pageOfEntries(
  db: Queryable,
  schema: string,
  filter: SecurityLogFilter,
  page: number,
  limit: number,
): Promise<{ total: number; rows: SecurityLogRow[] }> {
  const params: unknown[] = [];
  const w = where(filter, params);
  const total = await db.query(`SELECT count(*)::int AS n FROM ${quoteIdent(schema)}.security_log ${w}`, params);
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM ${quoteIdent(schema)}.security_log ${w} ORDER BY seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, (page - 1) * limit],
  );
  return { total: total.rows[0].n, rows: rows.map(rowToEntry) };
}

export function toItem(e: SecurityLogRow): identity.SecurityEventItem {
  return { id: e.eventId, time: e.occurredAt, type: e.type, label: securityLabel(e.type, e.details), browser: e.browser, os: e.os, ip: e.ip };
}

export function toAuditItem(e: SecurityLogRow): identity.AuditSecurityEventItem {
  return { ...toItem(e), seq: e.seq, eventId: e.eventId, userId: e.accountId, details: e.details, prevHash: e.prevHash, hash: e.hash };
}
