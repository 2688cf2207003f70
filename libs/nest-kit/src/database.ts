import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, PostgreSqlDriver, type Options } from '@mikro-orm/postgresql';
import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Pool } from 'pg';
import { PostgresEventStore } from '@app/event-store';

export type MigrationDef = { name: string; class: Constructor<Migration> };
/** What a service keeps in Postgres besides its event store. */
export type ServiceStorage = {
  entities: NonNullable<Options['entities']>;
  migrations: MigrationDef[];
  /**
   * The CREATE TABLE statements of the tables the service reads and writes with plain SQL, as
   * its code expects them today (the live definitions). Migrations never import them; a test
   * applies every migration to an empty database and holds the result to these and to the entities.
   */
  expectedTables?: readonly string[];
};

/** What a domain service owns in Postgres: its schema, read-model entities and migrations. */
export type ServiceStorageDef = {
  schema: string;
  entities: Options['entities'];
  migrations: MigrationDef[];
};

/**
 * Server-side limits of every service connection (node-postgres sends them at connect):
 * a statement running longer than `statement_timeout`, or a transaction left open and idle
 * longer than `idle_in_transaction_session_timeout`, is ended by Postgres. One forgotten open
 * transaction would otherwise hold back every reader of the event store (readAll waits for
 * the oldest running transaction) and every lock it holds. In milliseconds; 0 turns a limit off.
 */
export type PgSessionLimits = { statement_timeout: number; idle_in_transaction_session_timeout: number };

/** `DATABASE_STATEMENT_TIMEOUT_MS` (default 30000) and `DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS` (default 60000). */
export function pgSessionLimits(env: NodeJS.ProcessEnv = process.env): PgSessionLimits {
  return {
    statement_timeout: msVariable(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000),
    idle_in_transaction_session_timeout: msVariable(env, 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000),
  };
}

function msVariable(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number of milliseconds (0 = no limit), got '${raw}'`);
  return Number(raw);
}

export function ormOptions(databaseUrl: string, def: ServiceStorageDef, limits: PgSessionLimits = pgSessionLimits()): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    schema: def.schema,
    entities: def.entities,
    extensions: [Migrator],
    migrations: {
      migrationsList: def.migrations,
      schema: def.schema,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      silent: true,
      snapshot: false,
      snapshotOnMigrate: false,
    },
    debug: false,
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    pool: { min: 0, max: 10 },
    // Passed to the pg Pool behind MikroORM: the same limits as the service's own pool.
    driverOptions: { ...limits },
  } as Options;
}

/**
 * Brings a service's database up to date: the event store tables, then the read-model
 * migrations. Safe to run from several processes at once (advisory lock per schema).
 */
export async function migrateService(databaseUrl: string, def: ServiceStorageDef): Promise<{ applied: string[] }> {
  // Migrations may run long, and a second migrator waits for the lock: no statement limit here.
  const limits = { ...pgSessionLimits(), statement_timeout: 0 };
  const pool = new Pool({ connectionString: databaseUrl, max: 2, ...limits });
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${def.schema}`]);
    await new PostgresEventStore(pool, { schema: def.schema }).ensureSchema();
    const orm = await MikroORM.init(ormOptions(databaseUrl, def, limits));
    try {
      const applied = await orm.migrator.up();
      return { applied: applied.map((m: { name: string }) => m.name) };
    } finally {
      await orm.close(true);
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${def.schema}`]).catch(() => undefined);
    lock.release();
    await pool.end();
  }
}

/** Creates the database named in the URL if it does not exist (connects to `postgres`). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const pool = new Pool({ connectionString: adminUrl.toString(), max: 1 });
  try {
    const { rowCount } = await pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    await pool.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((e: { code?: string }) => {
      if (e.code !== '42P04') throw e; // created concurrently
    });
    return true;
  } finally {
    await pool.end();
  }
}

/**
 * `"<schema>"."<table>"` for raw SQL in projections: the EntityManager's schema (a rebuild
 * hands the projection one bound to its shadow schema), else the ORM's default schema (the
 * ORM connection has no search_path).
 */
export function qualifiedTable(em: { schema?: string; config: { get(key: 'schema'): unknown } }, table: string): string {
  const schema = em.schema ?? (em.config.get('schema') as string | undefined) ?? 'public';
  return `"${schema.replace(/"/g, '""')}"."${table}"`;
}
