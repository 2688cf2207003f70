import type { Claim, ClaimChanges } from './event-store.types';
import { ClaimTakenError } from './event-store.errors';

/**
 * The one table of claimed unique values, in every service's schema (created by each owning
 * service's migration and by `ensureSchema`): `scope` (e.g. 'account.email'), `value` (as the
 * caller normalized it), `owner` (the aggregate holding it). Written by the store in the
 * append's transaction only (`append(..., { claims })`), never by a projection.
 */
export function claimsTableDdl(table = 'claims'): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (
  scope text NOT NULL,
  value text NOT NULL,
  owner text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, value)
)`;
}

/** The claims table as the services' schema specs expect it (unqualified: created in the service's schema). */
export const CLAIMS_TABLE_DDL = claimsTableDdl();

export const claimsOwnerIndexDdl = (table = 'claims') => `CREATE INDEX IF NOT EXISTS claims_owner ON ${table} (owner, scope)`;

type Db = { query(text: string, values?: unknown[]): Promise<{ rowCount: number | null; rows: Array<Record<string, unknown>> }> };

export function hasClaimChanges(changes: ClaimChanges | undefined): changes is ClaimChanges {
  return !!changes && ((changes.acquire?.length ?? 0) > 0 || (changes.release?.length ?? 0) > 0);
}

/** Releases, then acquires, in the caller's transaction (`table`: the schema-qualified claims table). */
export async function applyClaims(db: Db, table: string, changes: ClaimChanges): Promise<void> {
  await releaseClaimsIn(db, table, changes.release ?? []);
  for (const claim of changes.acquire ?? []) {
    const taken = await db.query(
      `INSERT INTO ${table} (scope, value, owner) VALUES ($1, $2, $3)
       ON CONFLICT (scope, value) DO UPDATE SET owner = EXCLUDED.owner WHERE ${table}.owner = EXCLUDED.owner`,
      [claim.scope, claim.value, claim.owner],
    );
    if (taken.rowCount === 0) {
      const { rows } = await db.query(`SELECT owner FROM ${table} WHERE scope = $1 AND value = $2`, [claim.scope, claim.value]);
      throw new ClaimTakenError(claim, String(rows[0]?.owner ?? ''));
    }
  }
}

export async function releaseClaimsIn(db: Db, table: string, claims: readonly Claim[]): Promise<void> {
  for (const claim of claims) {
    await db.query(`DELETE FROM ${table} WHERE scope = $1 AND value = $2 AND owner = $3`, [claim.scope, claim.value, claim.owner]);
  }
}

/** The claims `before` holds and `after` does not (to release), and those `after` holds that `before` did not (to acquire). */
export function claimChanges(before: readonly Claim[], after: readonly Claim[]): ClaimChanges {
  const key = (c: Claim) => `${c.scope}\u0000${c.value}\u0000${c.owner}`;
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return { release: before.filter((c) => !has.has(key(c))), acquire: after.filter((c) => !had.has(key(c))) };
}
