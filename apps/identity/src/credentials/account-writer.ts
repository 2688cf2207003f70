import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { PostgresEventStore, type NewEvent } from '@app/event-store';
import { currentContext, requestEventMetadata } from '@app/nest-kit';
import { parseUserAgent } from '../request-meta/request-meta';

/** The rows that change together with account events (credential hashes, secrets); uniqueness is the account's claims (AccountRepository). */
export type AccountSideWrites = {
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
 * The rows that must change atomically with account events: credential hashes and one-time
 * secrets. `sideWrites` runs inside the append's transaction
 * (the command helper of `@app/event-store` calls it through `AccountRepository`); `write`
 * appends without deciding (a known expected version, or 'any'). Every event gets the
 * request's metadata: correlation id, actor, IP, browser, OS.
 */
@Injectable()
export class AccountWriter {
  constructor(private readonly store: PostgresEventStore) {}

  async sideWrites(client: PoolClient, opts: AccountSideWrites): Promise<void> {
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
