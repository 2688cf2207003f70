import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { identity } from '@app/contracts';
import { EVENT_STORE, PG_POOL, Unauthorized, type WriterStore } from '@app/nest-kit';
import { AccountWriter } from '../credentials/account-writer';
import { accountStreamId, type ActiveAccount } from '../domain/account.aggregate';
import { Account } from '../read-models/account.entity';
import { accountClaimScope } from './account.repository';

/**
 * Finds accounts. Identifiers resolve through the accounts' claims (the store's `claims` table,
 * written with the events, so consistent at once; on KurrentDB its reservation streams, asked
 * through `claimHolder`); profiles come from the `accounts` read model.
 */
@Injectable()
export class AccountLookup {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly em: EntityManager,
    @Inject(EVENT_STORE) private readonly store: WriterStore,
    private readonly writer: AccountWriter,
  ) {}

  /** Email or user name, case-insensitive. An identifier with '@' is looked up as an email first. */
  async idByIdentifier(identifier: string): Promise<string | undefined> {
    if (!this.writer.transactional) {
      const value = identifier.trim().toLowerCase();
      const kinds = identifier.includes('@') ? (['email', 'userName'] as const) : (['userName', 'email'] as const);
      for (const kind of kinds) {
        const owner = await this.store.claimHolder(accountClaimScope(kind), value);
        if (owner) return owner;
      }
      return undefined;
    }
    const { rows } = await this.pool.query<{ account_id: string }>(
      `SELECT owner AS account_id FROM claims WHERE scope IN ('account.email', 'account.userName') AND value = $1
        ORDER BY (scope = 'account.email') = $2 DESC LIMIT 1`,
      [identifier.trim().toLowerCase(), identifier.includes('@')],
    );
    return rows[0]?.account_id;
  }

  async idBy(kind: 'email' | 'mobile' | 'userName', value: string): Promise<string | undefined> {
    if (!this.writer.transactional) return this.store.claimHolder(accountClaimScope(kind), value.trim().toLowerCase());
    const { rows } = await this.pool.query<{ account_id: string }>('SELECT owner AS account_id FROM claims WHERE scope = $1 AND value = $2', [
      accountClaimScope(kind),
      value.trim().toLowerCase(),
    ]);
    return rows[0]?.account_id;
  }

  /** The account's password hash (KurrentDB: the one whose event is the newest in the account's stream, AccountWriter). */
  async passwordHash(accountId: string): Promise<string | undefined> {
    if (!this.writer.transactional) return this.writer.currentPasswordHash(accountId, () => this.store.readStream(accountStreamId(accountId)));
    const { rows } = await this.pool.query<{ password_hash: string }>('SELECT password_hash FROM credentials WHERE account_id = $1', [accountId]);
    return rows[0]?.password_hash;
  }

  async byId(accountId: string): Promise<Account | null> {
    if (!/^[0-9a-f-]{36}$/i.test(accountId)) return null;
    return this.em.fork().findOne(Account, { id: accountId });
  }

  /** The acting user's account (from the request context), or 401. */
  async requireById(accountId: string | undefined): Promise<Account> {
    const account = accountId ? await this.byId(accountId) : null;
    if (!account) throw new Unauthorized('Not signed in or session expired');
    return account;
  }
}

/** Does what the user typed (email or user name) name this account? */
export function identifies(account: Pick<Account, 'emailLower' | 'userNameLower'>, identifier: string): boolean {
  const v = identifier.trim().toLowerCase();
  return v === account.emailLower || v === account.userNameLower;
}

/** The signed-in user of spec §3 (npi and avatar belong to the directory service: empty here). */
export function toSignedInUser(a: Account): identity.SignedInUser {
  return {
    _id: a.id,
    userName: a.userName,
    displayName: a.displayName,
    firstName: a.firstName ?? '',
    lastName: a.lastName ?? '',
    npi: null,
    email: a.email,
    mobile: a.mobile ?? '',
    avatarImageUrl: '',
    loggedInAs: a.isAdmin || a.isMasterAdmin ? 'admin' : 'provider',
    isAdmin: a.isAdmin,
    isProvider: a.isProvider,
    isMasterAdmin: a.isMasterAdmin,
    isAuditor: a.isAuditor,
    notificationsCount: 0,
  };
}

/**
 * The signed-in user from the account's own events, for the rare answer given while the read
 * model is still behind (it carries no names yet: the user name stands in for the display name).
 */
export function signedInUserFromState(s: Pick<ActiveAccount, 'accountId' | 'userName' | 'email' | 'mobile' | 'roles'>): identity.SignedInUser {
  return {
    _id: s.accountId,
    userName: s.userName,
    displayName: s.userName,
    firstName: '',
    lastName: '',
    npi: null,
    email: s.email,
    mobile: s.mobile ?? '',
    avatarImageUrl: '',
    loggedInAs: s.roles.isAdmin || s.roles.isMasterAdmin ? 'admin' : 'provider',
    isAdmin: s.roles.isAdmin,
    isProvider: s.roles.isProvider,
    isMasterAdmin: s.roles.isMasterAdmin,
    isAuditor: s.roles.isAuditor,
    notificationsCount: 0,
  };
}
