/**
 * The start the gateway's API specs share: a test system, a Postgres client on its database, the
 * integration events of one context collected as they arrive, and the master admin signed in
 * (the gateway creates it in the background at boot).
 */
import { Client } from 'pg';
import type { BoundedContext } from '@app/contracts';
import { MASTER_ADMIN, until } from './http';
import { signIn } from './identity';
import { startTestSystem, type TestSystem } from './system';

export type PublishedEvent = { subject: string; data: Record<string, unknown> };

export type ApiTestSystem = {
  sys: TestSystem;
  /** A client on the test database; closed by stop(). */
  pg: Client;
  /** Every event published under `events.<events>.>`, in arrival order. */
  published: PublishedEvent[];
  /** The master admin's bearer token. */
  adminToken: string;
  stop(): Promise<void>;
};

export async function startApiSystem(opts: Parameters<typeof startTestSystem>[0] & { events: BoundedContext }): Promise<ApiTestSystem> {
  const sys = await startTestSystem(opts);
  const pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  const published: PublishedEvent[] = [];
  const sub = sys.nc.subscribe(`${sys.prefix}.events.${opts.events}.>`);
  void (async () => {
    for await (const m of sub) published.push({ subject: m.subject, data: m.json() });
  })();
  await until(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 30_000);
  const { token: adminToken } = await signIn(sys, MASTER_ADMIN);
  return {
    sys,
    pg,
    published,
    adminToken,
    async stop() {
      await pg.end();
      await sys.stop();
    },
  };
}
