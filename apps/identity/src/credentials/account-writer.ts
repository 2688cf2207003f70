import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { PostgresEventStore, type NewEvent } from '@app/event-store';
import { Conflict, PG_POOL, currentContext } from '@app/nest-kit';

export type UniqueReservation = { kind: 'userName' | 'email' | 'mobile' | 'master-admin'; value: string; accountId: string; message: string; field?: string };

/**
 * Appends account events together with the rows that must change atomically with them:
 * uniqueness reservations and credential hashes. One transaction, so nothing half-done.
 */
@Injectable()
export class AccountWriter {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: PostgresEventStore,
  ) {}

  async write(opts: {
    streamId: string;
    expectedVersion: number | 'no-stream' | 'any';
    events: NewEvent[];
    reserve?: UniqueReservation[];
    passwordHash?: { accountId: string; hash: string };
  }): Promise<{ globalPositions: string[] }> {
    const client: PoolClient = await this.pool.connect();
    try {
      await client.query('BEGIN');
      for (const r of opts.reserve ?? []) {
        const res = await client.query(
          'INSERT INTO account_uniques (kind, value, account_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [r.kind, r.value.toLowerCase(), r.accountId],
        );
        if (res.rowCount === 0) throw new Conflict(r.message, r.field);
      }
      if (opts.passwordHash) {
        await client.query(
          `INSERT INTO credentials (account_id, password_hash, updated_at) VALUES ($1, $2, now())
           ON CONFLICT (account_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()`,
          [opts.passwordHash.accountId, opts.passwordHash.hash],
        );
      }
      const ctx = currentContext();
      const events = opts.events.map((e) => ({
        ...e,
        metadata: {
          correlationId: ctx?.correlationId,
          actorId: ctx?.actor?.userId,
          request: ctx?.request,
          ...e.metadata,
        },
      }));
      const result = await this.store.append(opts.streamId, events, { expectedVersion: opts.expectedVersion, client });
      await client.query('COMMIT');
      return { globalPositions: result.globalPositions };
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }
}
