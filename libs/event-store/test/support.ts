import { MikroORM, type EntitySchema } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import { checkpointOf, compareCheckpoints, type Checkpoint, type EventStoreLogger, type PostgresEventStore, type RecordedEvent } from '../src';

export const silentLogger: EventStoreLogger = { log() {}, warn() {}, error() {} };

/** A logger that keeps what was logged as an error, for asserting on it. */
export function recordingLogger(): EventStoreLogger & { errors: unknown[][] } {
  const errors: unknown[][] = [];
  return { errors, log() {}, warn() {}, error: (...args: unknown[]) => void errors.push(args) };
}

export function testPool(url: string, max = 5): Pool {
  const pool = new Pool({ connectionString: url, max });
  // pool.end() does not wait for the sockets to close; the database drop that follows may
  // terminate them, and an unheard pool 'error' would crash the test run.
  pool.on('error', () => undefined);
  return pool;
}

/** A MikroORM instance on the test database with the given entities, their tables created. */
export async function testOrm(url: string, entities: EntitySchema[]): Promise<MikroORM> {
  const orm = await MikroORM.init({ clientUrl: url, entities, debug: false, pool: { min: 0, max: 4 } });
  await orm.schema.create();
  return orm;
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Every event committed before the call, in readAll order. readAll hides events while any older
 * transaction on the server is still open (other test files run in parallel), so this pages
 * until it has reached the newest committed event, polling briefly when nothing is readable yet.
 */
export async function readAllCommitted(store: PostgresEventStore, timeoutMs = 30_000): Promise<RecordedEvent[]> {
  const target = await store.headCheckpoint();
  const deadline = Date.now() + timeoutMs;
  const all: RecordedEvent[] = [];
  let after: Checkpoint = null;
  while (compareCheckpoints(after, target) < 0) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length > 0) {
      all.push(...page);
      after = checkpointOf(page[page.length - 1]);
    } else if (Date.now() > deadline) {
      throw new Error(`readAll did not reach ${JSON.stringify(target)} within ${timeoutMs} ms`);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  return all;
}
