import { MikroORM, type EntitySchema } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import type { EventStoreLogger } from '../src';

export const silentLogger: EventStoreLogger = { log() {}, warn() {}, error() {} };

/** A logger that keeps what was logged as an error, for asserting on it. */
export function recordingLogger(): EventStoreLogger & { errors: unknown[][] } {
  const errors: unknown[][] = [];
  return { errors, log() {}, warn() {}, error: (...args: unknown[]) => void errors.push(args) };
}

export function testPool(url: string, max = 5): Pool {
  return new Pool({ connectionString: url, max });
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
