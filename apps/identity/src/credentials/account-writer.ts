import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { PostgresEventStore, type NewEvent } from '@app/event-store';
import { Conflict, currentContext, requestEventMetadata } from '@app/nest-kit';
import { parseUserAgent } from '../request-meta/request-meta';

export type UniqueKind = 'userName' | 'email' | 'mobile' | 'master-admin';
export type UniqueReservation = { kind: UniqueKind; value: string; accountId: string; message: string; field?: string };

/** The rows that change together with account events (uniqueness, credential hashes, secrets). */
export type AccountSideWrites = {
  /** Uniqueness reservations to take (a taken value is a 409 with the given message). */
  reserve?: UniqueReservation[];
  /** Reservations to give up (an email or mobile that changed). */
  release?: { kind: UniqueKind; value: string; accountId: string }[];
  passwordHash?: { accountId: string; hash: string };
  /** More writes that must commit or roll back with the events (one-time secrets). */
  inTransaction?: (client: PoolClient) => Promise<void>;
};

export type AccountWrite = AccountSideWrites & {
  streamId: string;
  expectedVersion: number | 'no-stream' | 'any';
  events: NewEvent[];
};

/**
 * The rows that must change atomically with account events: uniqueness reservations
 * (`account_uniques`, the only place where email, user name and mobile are unique),
 * credential hashes and one-time secrets. `sideWrites` runs inside the append's transaction
 * (the command helper of `@app/event-store` calls it through `AccountRepository`); `write`
 * appends without deciding (a known expected version, or 'any'). Every event gets the
 * request's metadata: correlation id, actor, IP, browser, OS.
 */
@Injectable()
export class AccountWriter {
  constructor(private readonly store: PostgresEventStore) {}

  async sideWrites(client: PoolClient, opts: AccountSideWrites): Promise<void> {
    for (const r of opts.release ?? []) {
      await client.query('DELETE FROM account_uniques WHERE kind = $1 AND value = $2 AND account_id = $3', [r.kind, r.value.toLowerCase(), r.accountId]);
    }
    for (const r of opts.reserve ?? []) {
      const res = await client.query('INSERT INTO account_uniques (kind, value, account_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        r.kind,
        r.value.toLowerCase(),
        r.accountId,
      ]);
      if (res.rowCount === 0) throw new Conflict(r.message, r.field);
    }
    if (opts.passwordHash) {
      await client.query(
        `INSERT INTO credentials (account_id, password_hash, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (account_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()`,
        [opts.passwordHash.accountId, opts.passwordHash.hash],
      );
    }
    if (opts.inTransaction) await opts.inTransaction(client);
  }

  /** Appends `events` with the side writes in one transaction, at the given expected version. */
  async write(opts: AccountWrite): Promise<{ globalPositions: string[] }> {
    return this.store.withTransaction(async (client) => {
      const metadata = eventMetadata();
      const events = opts.events.map((e) => ({ ...e, metadata: { ...metadata, ...e.metadata } }));
      const result = await this.store.append(opts.streamId, events, { expectedVersion: opts.expectedVersion, client });
      await this.sideWrites(client, opts);
      return { globalPositions: result.globalPositions };
    });
  }
}

/** Metadata of the request being handled: who (the kit's request metadata, and the session), from where (IP, browser, OS). Never a secret. */
export function eventMetadata() {
  const ctx = currentContext();
  const userAgent = ctx?.request?.userAgent?.slice(0, 512);
  const { browser, os } = parseUserAgent(userAgent);
  return {
    ...requestEventMetadata(),
    ...(ctx?.actor?.sessionId ? { sessionId: ctx.actor.sessionId } : {}),
    request: {
      ...(ctx?.request?.ip ? { ip: ctx.request.ip.slice(0, 64) } : {}),
      ...(userAgent ? { userAgent } : {}),
      ...(browser ? { browser } : {}),
      ...(os ? { os } : {}),
    },
  };
}
