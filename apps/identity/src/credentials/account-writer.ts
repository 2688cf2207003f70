import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { inPgTransaction, type NewEvent, type PostgresEventStore, type RecordedEvent } from '@app/event-store';
import { EVENT_STORE, PG_POOL, currentContext, requestEventMetadata, type WriterStore } from '@app/nest-kit';
import { parseUserAgent } from '../request-meta/request-meta';
import { OneTimeSecrets, type NewSecret } from './one-time-secrets';

/** What a decision does to the account's one-time secrets (hashes of codes and temporary passwords). */
export type SecretWrites = {
  /** A new secret (its id is the one the event names: challenge, code or temporary password). */
  put?: NewSecret;
  /** A new code for the same secret ('Send new code'). */
  replaceHash?: { id: string; secretHash: string };
  /** The secret used or dead. */
  remove?: string | null;
};

/** The rows that change together with account events (credential hashes, secrets); uniqueness is the account's claims (AccountRepository). */
export type AccountSideWrites = {
  passwordHash?: { accountId: string; hash: string };
  secret?: SecretWrites;
};

export type AccountWrite = {
  streamId: string;
  expectedVersion: number | 'no-stream' | 'any';
  events: NewEvent[];
  /**
   * More writes that must follow the events: in the append's transaction on Postgres, after the
   * append (its own transaction) on a store without transactions (KurrentDB).
   */
  inTransaction?: (client: PoolClient) => Promise<void>;
};

/**
 * The rows that must change with account events: credential hashes and one-time secrets.
 *
 * - On Postgres (`transactional`) `sideWrites` runs inside the append's transaction (the command
 *   helper calls it through `AccountRepository`): they commit or roll back with the events.
 * - On KurrentDB (EVENT_STORE=kurrentdb: no transaction to join) they are split around the append
 *   so that none counts without its event (apps/identity/README.md, "KurrentDB"): `beforeAppend`
 *   writes what counts only once its event is in the store (a password hash keyed by the id of
 *   the event that sets it; a secret under the id its event names, which the account aggregate
 *   must find open), `afterAppend` what only ever takes away (secrets used, dead or replaced),
 *   `abandoned` tidies the rows of a decision whose append did not happen.
 *
 * `write` appends without deciding (a known expected version, or 'any'). Every event gets the
 * request's metadata: correlation id, actor, IP, browser, OS.
 */
@Injectable()
export class AccountWriter {
  private readonly logger = new Logger('AccountWriter');
  constructor(
    @Inject(EVENT_STORE) private readonly store: WriterStore,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly secrets: OneTimeSecrets,
  ) {}

  /** Whether the side writes commit in the append's transaction (Postgres), or around it (KurrentDB). */
  get transactional(): boolean {
    return !!this.store.withTransaction;
  }

  /** Postgres: the side writes, inside the append's transaction. */
  async sideWrites(client: PoolClient, opts: AccountSideWrites): Promise<void> {
    if (opts.passwordHash) {
      await client.query(
        `INSERT INTO credentials (account_id, password_hash, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (account_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()`,
        [opts.passwordHash.accountId, opts.passwordHash.hash],
      );
    }
    const secret = opts.secret;
    if (secret?.put) await this.secrets.put(client, secret.put);
    if (secret?.replaceHash) await this.secrets.replaceHash(client, secret.replaceHash.id, secret.replaceHash.secretHash);
    if (secret?.remove) await this.secrets.remove(client, secret.remove);
  }

  /**
   * KurrentDB, before the append (own transaction): the password hash under the id of the event
   * that sets it, the new secret under its id (no other secret is removed yet), a resent code's
   * new hash (nobody knows that code before the event is in: it is delivered after the append).
   */
  async beforeAppend(eventId: string, opts: AccountSideWrites): Promise<void> {
    const { passwordHash, secret } = opts;
    if (!passwordHash && !secret?.put && !secret?.replaceHash) return;
    await this.inOwnTransaction(async (client) => {
      if (passwordHash)
        await client.query('INSERT INTO credential_hashes (event_id, account_id, password_hash) VALUES ($1, $2, $3)', [eventId, passwordHash.accountId, passwordHash.hash]);
      if (secret?.put) await this.secrets.insert(client, secret.put);
      if (secret?.replaceHash) await this.secrets.replaceHash(client, secret.replaceHash.id, secret.replaceHash.secretHash);
    });
  }

  /** KurrentDB, after the append: what the events took away (the secrets a new one replaces, a used or dead one). */
  async afterAppend(opts: AccountSideWrites): Promise<void> {
    const { secret } = opts;
    if (!secret?.put && !secret?.remove) return;
    await this.inOwnTransaction(async (client) => {
      if (secret.put) await this.secrets.removeReplaced(client, secret.put);
      if (secret.remove) await this.secrets.remove(client, secret.remove);
    });
  }

  /**
   * KurrentDB: the rows of decisions whose append did not happen (a retried decision's hash, or
   * everything when the command failed). Best effort: such rows never count anyway (no event in
   * the stream has their id; the aggregate never opened their secret), housekeeping removes them.
   */
  async abandoned(eventIds: string[], secretIds: string[]): Promise<void> {
    if (!eventIds.length && !secretIds.length) return;
    await this.pool
      .query('WITH h AS (DELETE FROM credential_hashes WHERE event_id = ANY($1::uuid[])) DELETE FROM one_time_secrets WHERE id = ANY($2::uuid[])', [eventIds, secretIds])
      .catch(() => undefined);
  }

  /**
   * KurrentDB: the account's password hash, the one whose event is the newest of those in the
   * account's stream (`events`): a hash whose event never made it counts never, an older one
   * never once a newer one's event is in.
   */
  async currentPasswordHash(accountId: string, events: () => Promise<RecordedEvent[]>): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ event_id: string; password_hash: string }>('SELECT event_id, password_hash FROM credential_hashes WHERE account_id = $1', [accountId]);
    if (!rows.length) return undefined;
    const byEvent = new Map(rows.map((r) => [r.event_id, r.password_hash]));
    const stream = await events();
    for (let i = stream.length - 1; i >= 0; i--) {
      const hash = byEvent.get(stream[i].id);
      if (hash) return hash;
    }
    return undefined;
  }

  /** Appends `events` (with `inTransaction`: in one transaction on Postgres; after the append on KurrentDB), at the given expected version. */
  async write(opts: AccountWrite): Promise<{ globalPositions: string[] }> {
    const metadata = eventMetadata();
    const events = opts.events.map((e) => ({ ...e, metadata: { ...metadata, ...e.metadata } }));
    if (!this.store.withTransaction) {
      const result = await this.store.append(opts.streamId, events, { expectedVersion: opts.expectedVersion });
      if (opts.inTransaction) await this.inOwnTransaction(opts.inTransaction);
      return { globalPositions: result.globalPositions };
    }
    // Postgres (the only store with transactions): the append joins the transaction.
    const store = this.store as unknown as PostgresEventStore;
    return store.withTransaction(async (client) => {
      const result = await store.append(opts.streamId, events, { expectedVersion: opts.expectedVersion, client });
      if (opts.inTransaction) await opts.inTransaction(client);
      return { globalPositions: result.globalPositions };
    });
  }

  /** Housekeeping (KurrentDB): hashes of appends that never happened, an hour on. */
  async deleteAbandonedHashes(events: (accountId: string) => Promise<RecordedEvent[]>): Promise<number> {
    const { rows } = await this.pool.query<{ event_id: string; account_id: string }>(
      `SELECT event_id, account_id FROM credential_hashes WHERE created_at < now() - interval '1 hour' LIMIT 1000`,
    );
    const gone: string[] = [];
    const byAccount = new Map<string, string[]>();
    for (const r of rows) byAccount.set(r.account_id, [...(byAccount.get(r.account_id) ?? []), r.event_id]);
    for (const [accountId, ids] of byAccount) {
      const stored = new Set((await events(accountId)).map((e) => e.id));
      gone.push(...ids.filter((id) => !stored.has(id)));
    }
    if (gone.length) await this.pool.query('DELETE FROM credential_hashes WHERE event_id = ANY($1::uuid[])', [gone]);
    return gone.length;
  }

  private inOwnTransaction(fn: (client: PoolClient) => Promise<void>): Promise<void> {
    return inPgTransaction(this.pool, this.logger, fn);
  }
}

/** A fresh id for each event that has none: the side rows written before the append are keyed by it. */
export function withEventIds<E extends { id?: string }>(events: E[]): E[] {
  return events.map((e) => (e.id ? e : { ...e, id: randomUUID() }));
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
