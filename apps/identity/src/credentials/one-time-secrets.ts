import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { PG_POOL } from '@app/nest-kit';
import { generatePassword, hashPassword, verifyPassword } from './password-hasher';

export type SecretPurpose = 'sign-in' | 'temporary-password' | 'invitation' | 'email-change' | 'password-change' | 'mobile-change';

/** A 6-digit code from the CSPRNG. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** A bearer secret for the second-factor step (the `twoFactorAuthToken`): 256 random bits. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A temporary password: 12 characters from an unambiguous alphabet (about 70 bits). */
export function generateTemporaryPassword(): string {
  return generatePassword(12);
}

/** Look-up hash of a high-entropy token (sha256 is enough for 256 random bits). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Codes and temporary passwords are hashed like passwords (argon2id). */
export const hashSecret = hashPassword;
export const verifySecret = verifyPassword;

export type StoredSecret = { id: string; accountId: string; secretHash: string; expiresAt: Date };

export type NewSecret = { id: string; accountId: string; purpose: SecretPurpose; secretHash: string; expiresAt: Date; token?: string };

/**
 * Hashes of one-time secrets, one per account and purpose (a new one replaces the old).
 * Written in the transaction of the event that issues them; deleted when used or dead.
 * Whether a secret may still be used is decided by the account aggregate, not by this table.
 */
@Injectable()
export class OneTimeSecrets {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async put(client: PoolClient, s: NewSecret): Promise<void> {
    await client.query('DELETE FROM one_time_secrets WHERE account_id = $1 AND (purpose = $2 OR expires_at < now())', [s.accountId, s.purpose]);
    await client.query(
      `INSERT INTO one_time_secrets (id, account_id, purpose, token_hash, secret_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [s.id, s.accountId, s.purpose, s.token ? tokenHash(s.token) : null, s.secretHash, s.expiresAt],
    );
  }

  /**
   * EVENT_STORE=kurrentdb, before the append: the new secret only (the one it replaces still
   * stands until the event is in; `removeReplaced` after). A retried decision writes it again.
   */
  async insert(client: PoolClient, s: NewSecret): Promise<void> {
    await client.query(
      `INSERT INTO one_time_secrets (id, account_id, purpose, token_hash, secret_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET token_hash = EXCLUDED.token_hash, secret_hash = EXCLUDED.secret_hash, expires_at = EXCLUDED.expires_at`,
      [s.id, s.accountId, s.purpose, s.token ? tokenHash(s.token) : null, s.secretHash, s.expiresAt],
    );
  }

  /** EVENT_STORE=kurrentdb, after the append: what `put` removes besides inserting (the same purpose's other secret, the account's dead ones). */
  async removeReplaced(client: PoolClient, s: NewSecret): Promise<void> {
    await client.query('DELETE FROM one_time_secrets WHERE account_id = $1 AND (purpose = $2 OR expires_at < now()) AND id <> $3', [s.accountId, s.purpose, s.id]);
  }

  /** A new code for the same secret ('Send new code'). */
  async replaceHash(client: PoolClient, id: string, secretHash: string): Promise<void> {
    await client.query('UPDATE one_time_secrets SET secret_hash = $2 WHERE id = $1', [id, secretHash]);
  }

  async remove(client: PoolClient, id: string | null | undefined): Promise<void> {
    if (id) await client.query('DELETE FROM one_time_secrets WHERE id = $1', [id]);
  }

  async findByToken(purpose: SecretPurpose, token: string): Promise<StoredSecret | undefined> {
    const { rows } = await this.pool.query(
      'SELECT id, account_id, secret_hash, expires_at FROM one_time_secrets WHERE purpose = $1 AND token_hash = $2',
      [purpose, tokenHash(token)],
    );
    return rows[0] ? toSecret(rows[0]) : undefined;
  }

  async findFor(accountId: string, purpose: SecretPurpose): Promise<StoredSecret | undefined> {
    const { rows } = await this.pool.query(
      'SELECT id, account_id, secret_hash, expires_at FROM one_time_secrets WHERE account_id = $1 AND purpose = $2 ORDER BY created_at DESC',
      [accountId, purpose],
    );
    return rows[0] ? toSecret(rows[0]) : undefined;
  }

  /** Housekeeping: expired hashes are useless (the aggregate refuses them anyway). */
  async deleteExpired(): Promise<number> {
    const { rowCount } = await this.pool.query(`DELETE FROM one_time_secrets WHERE expires_at < now() - interval '1 hour'`);
    return rowCount ?? 0;
  }
}

function toSecret(r: { id: string; account_id: string; secret_hash: string; expires_at: Date }): StoredSecret {
  return { id: r.id, accountId: r.account_id, secretHash: r.secret_hash, expiresAt: r.expires_at };
}

export { verifyPassword };
