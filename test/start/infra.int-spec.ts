/**
 * `npm start` and `npm test` fall back to an embedded Postgres and a nats-server of their own
 * when nothing listens at DATABASE_URL / NATS_URL. Exercised here on free ports.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

type Infra = {
  ensurePostgres(url: string, dir: string, log?: (m: string) => void): Promise<{ url: string; embedded: boolean; stop(): Promise<void> }>;
  ensureNats(url: string, dir: string, log?: (m: string) => void): Promise<{ embedded: boolean; stop(): Promise<void> }>;
  listening(host: string, port: number): Promise<boolean>;
};
const infra = () => import('../../scripts/lib/infra.mjs' as string) as Promise<Infra>;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

it('starts an embedded Postgres under the data folder when none listens, and stops it', async () => {
  const { ensurePostgres, listening } = await infra();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'embedded-pg-'));
  chmodSync(dir, 0o755); // as root the server runs as nobody, who must reach the data folder
  dirs.push(dir);
  const pg = await ensurePostgres(`postgres://postgres@127.0.0.1:${port}/credentialing`, join(dir, 'postgres'), () => {});
  try {
    expect(pg.embedded).toBe(true);
    const c = new Client({ connectionString: pg.url.replace('/credentialing', '/postgres') });
    await c.connect();
    const { rows } = await c.query('SELECT current_setting($1) AS port', ['port']);
    await c.end();
    expect(Number(rows[0].port)).toBe(port);
  } finally {
    await pg.stop();
  }
  expect(await listening('127.0.0.1', port)).toBe(false);
});

it('uses the Postgres that already listens instead of starting one', async () => {
  const { ensurePostgres } = await infra();
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = await ensurePostgres(url, '/nonexistent', () => {});
  expect(pg).toMatchObject({ embedded: false, url });
});

it('starts nats-server with JetStream when no NATS listens, and stops it', async () => {
  const { ensureNats, listening } = await infra();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'embedded-nats-'));
  dirs.push(dir);
  const nats = await ensureNats(`nats://127.0.0.1:${port}`, dir, () => {});
  try {
    expect(nats.embedded).toBe(true);
    const nc = await connect({ servers: `nats://127.0.0.1:${port}` });
    const info = await (await jetstreamManager(nc)).getAccountInfo();
    expect(info).toBeTruthy();
    await nc.close();
  } finally {
    await nats.stop();
  }
  expect(await listening('127.0.0.1', port)).toBe(false);
});
