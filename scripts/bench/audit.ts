/**
 * `audit`: `npm run audit -- verify` (identity's verifySecurityLog: every entry's hash, every
 * link, every source event row) over 1,000,000 generated security-log entries with their source
 * events, against a bare read of the same rows: the same COPY statements of the same join, cut
 * into the same batches of rows and counted, nothing parsed or hashed. `--threads N` sets the
 * verify's worker threads (default: its own choice).
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
import { Pool } from 'pg';
import { migrateService } from '@app/nest-kit';
import type { RecordedEvent } from '@app/event-store';
import { createTestDatabase } from '@app/testing';
import { streamVerifyRows, verifySecurityLog } from '../../apps/identity/src/security-log/audit';
import { GENESIS_HASH, entryHash } from '../../apps/identity/src/security-log/hash-chain';
import { chainEntryOf } from '../../apps/identity/src/security-log/security-log.projection';
import { identityStorage } from '../../apps/identity/src/storage';
import { flag, fmt, rateFigure, timed } from './support';
import type { Benchmark } from './types';

const SCHEMA = 'identity';
const TYPES = ['SignedIn', 'SignInFailed', 'SessionRevoked', 'PasswordChanged', 'MobileChanged'];
const BROWSERS = ['Chrome 142', 'Firefox 145', 'Safari 19', undefined];

/** COPY text format: backslash, tab, newline and carriage return escaped; null is \N. */
const cell = (v: unknown): string =>
  v === null || v === undefined ? '\\N' : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
const line = (values: unknown[]) => `${values.map(cell).join('\t')}\n`;

async function copyRows(pool: Pool, sql: string, lines: () => Generator<string>): Promise<void> {
  const client = await pool.connect();
  try {
    const source = Readable.from(
      (function* () {
        let chunk = '';
        for (const l of lines()) {
          chunk += l;
          if (chunk.length > 1 << 20) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
      })(),
    );
    await pipeline(source, client.query(copyFrom(sql)) as unknown as Writable);
  } finally {
    client.release();
  }
}

/** `count` security events and their chained log entries, written with COPY in slices. */
export async function generate(pool: Pool, count: number, log: (m: string) => void): Promise<void> {
  const slice = 100_000;
  let prev = GENESIS_HASH;
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  for (let from = 1; from <= count; from += slice) {
    const to = Math.min(count, from + slice - 1);
    const events: string[] = [];
    const entries: string[] = [];
    for (let seq = from; seq <= to; seq++) {
      const accountId = randomUUID();
      const event: RecordedEvent = {
        globalPosition: String(seq),
        transactionId: '0',
        streamId: `account-${seq % 5000}`,
        streamVersion: Math.floor(seq / 5000) + 1,
        id: randomUUID(),
        type: TYPES[seq % TYPES.length],
        data: { accountId, method: seq % 3 ? 'password' : 'code', attempt: seq % 5 },
        metadata: { correlationId: `c-${seq}`, request: { ip: `10.0.${seq % 250}.${seq % 200}`, browser: BROWSERS[seq % 4], os: 'Linux' } },
        recordedAt: new Date(base + seq * 1000 + (seq % 1000)),
      };
      const entry = chainEntryOf(event, seq, prev);
      const hash = entryHash(entry);
      events.push(
        line([event.globalPosition, event.streamId, event.streamVersion, event.id, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata), event.recordedAt.toISOString()]),
      );
      entries.push(
        line([entry.seq, entry.eventId, entry.globalPosition, entry.streamId, entry.accountId, entry.type, entry.occurredAt, entry.ip, entry.browser, entry.os, JSON.stringify(entry.details), entry.eventHash, entry.prevHash, hash]),
      );
      prev = hash;
    }
    await copyRows(pool, `COPY ${SCHEMA}.events (global_position, stream_id, stream_version, event_id, type, data, metadata, recorded_at) FROM STDIN`, function* () {
      yield* events;
    });
    await copyRows(
      pool,
      `COPY ${SCHEMA}.security_log (seq, event_id, global_position, stream_id, account_id, type, occurred_at, ip, browser, os, details, event_hash, prev_hash, hash) FROM STDIN`,
      function* () {
        yield* entries;
      },
    );
    if (to % 500_000 === 0 || to === count) log(`  generated ${fmt(to)} entries`);
  }
  await pool.query(`ANALYZE ${SCHEMA}.events`);
  await pool.query(`ANALYZE ${SCHEMA}.security_log`);
}

export const benchmark: Benchmark = {
  name: 'audit',
  description: 'security-log hash-chain verify over 1,000,000 generated entries vs a bare read of the same rows',
  async run({ smoke, args, log }) {
    const count = smoke ? 3_000 : flag(args, '--entries', 1_000_000);
    const db = await createTestDatabase('bench_audit');
    const pool = new Pool({ connectionString: db.url, max: 3 });
    try {
      await migrateService(db.url, { ...identityStorage, schema: SCHEMA });
      const t = Date.now();
      await generate(pool, count, log);
      log(`  generated ${fmt(count)} entries in ${((Date.now() - t) / 1000).toFixed(1)} s`);

      const bare = await timed(count, async () => {
        const client = await pool.connect();
        try {
          let n = 0;
          await streamVerifyRows(client, SCHEMA, (_bytes, rows) => {
            n += rows;
            return true;
          });
          if (n !== count) throw new Error(`read ${n} rows, expected ${count}`);
        } finally {
          client.release();
        }
      });
      let result: Awaited<ReturnType<typeof verifySecurityLog>> | null = null;
      const verified = await timed(count, async () => {
        const at = args.indexOf('--threads');
        const threads = at >= 0 ? Number(args[at + 1]) : undefined;
        result = await verifySecurityLog(pool, SCHEMA, { threads });
      });
      const r = result!;
      if (r.broken || r.count !== count || r.sourceEvents.checked !== count) {
        throw new Error(`verify did not pass over the generated log: ${JSON.stringify({ count: r.count, broken: r.broken, sourceEvents: r.sourceEvents })}`);
      }
      log(`  verify ${fmt(verified.rate)} entries/s, bare COPY read ${fmt(bare.rate)} rows/s`);
      const figure = rateFigure(`audit verify (${fmt(count)} entries)`, verified.rate, { label: 'bare COPY read of the same rows', value: bare.rate }, undefined, 'entries/s');
      Object.assign(figure, { target: '>= 100,000 entries/s', met: verified.rate >= 100_000 });
      return { figures: [figure], details: { entries: count } };
    } finally {
      await pool.end();
      await db.drop();
    }
  },
};
