/**
 * The whole system as separate processes (the built apps under dist/), as `npm start` runs it,
 * on a throwaway database, NATS prefix and port: for tests that kill and restart one app.
 * Needs `npm run build` first (`npm test` builds).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { createTestDatabase, testNatsPrefix, testNatsUrl, type TestDatabase } from '@app/testing';

export const ROOT = join(__dirname, '..', '..');
export const APPS = ['identity', 'directory', 'practices', 'messaging', 'notifications', 'credentialing', 'gateway'] as const;
export type AppName = (typeof APPS)[number];

export type ProcessSystem = {
  db: TestDatabase;
  prefix: string;
  env: Record<string, string>;
  baseUrl: string;
  /** Last lines each app printed (for failure messages). */
  output: Map<AppName, string[]>;
  start(app: AppName): ChildProcess;
  /** SIGKILL: no shutdown hook runs, in-flight work is cut off. */
  kill(app: AppName): Promise<void>;
  waitHealthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
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

export async function startProcessSystem(label: string, extraEnv: Record<string, string> = {}): Promise<ProcessSystem> {
  for (const app of APPS) {
    if (!existsSync(join(ROOT, 'dist', 'apps', app, 'src', 'main.js'))) throw new Error(`dist/apps/${app} is missing: run npm run build`);
  }
  const db = await createTestDatabase(label);
  const prefix = testNatsPrefix(label);
  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    NATS_URL: testNatsUrl(),
    NATS_PREFIX: prefix,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ACTOR_SIGNING_KEY: randomBytes(32).toString('hex'),
    UPLOAD_DIR: join(ROOT, '.data', `uploads-${prefix}`),
    ADMIN_EMAIL: 'admin@chaos.test',
    ADMIN_USERNAME: 'masteradmin',
    ADMIN_PASSWORD: 'Correct-Horse-Battery-9',
    ADMIN_MOBILE: '+12025550123',
    ...extraEnv,
  };
  const migrate = spawnSync(process.execPath, [join(ROOT, 'dist', 'scripts', 'migrate.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stdout}\n${migrate.stderr}`);

  const children = new Map<AppName, ChildProcess>();
  const output = new Map<AppName, string[]>();
  const baseUrl = `http://127.0.0.1:${port}`;

  const start = (app: AppName): ChildProcess => {
    const child = spawn(process.execPath, ['--enable-source-maps', join(ROOT, 'dist', 'apps', app, 'src', 'main.js')], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines = output.get(app) ?? [];
    output.set(app, lines);
    const keep = (d: Buffer) => {
      lines.push(...d.toString().split('\n').filter(Boolean));
      if (lines.length > 200) lines.splice(0, lines.length - 200);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    children.set(app, child);
    return child;
  };

  const exited = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode) return resolve();
      child.once('exit', () => resolve());
    });

  const system: ProcessSystem = {
    db,
    prefix,
    env,
    baseUrl,
    output,
    start,
    async kill(app) {
      const child = children.get(app);
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
    },
    async waitHealthy(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      let last = '';
      while (Date.now() < deadline) {
        const dead = [...children.entries()].find(([, c]) => c.exitCode !== null);
        if (dead) throw new Error(`${dead[0]} exited: ${output.get(dead[0])?.slice(-20).join('\n')}`);
        try {
          const res = await fetch(`${baseUrl}/api/health/ready`);
          if (res.status === 200) return;
          last = await res.text();
        } catch (err) {
          last = (err as Error).message;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`not healthy within ${timeoutMs} ms: ${last}`);
    },
    async stop() {
      await Promise.all(
        [...children.values()].map(async (c) => {
          if (c.exitCode !== null || c.signalCode) return;
          const timer = setTimeout(() => c.kill('SIGKILL'), 10_000);
          c.kill('SIGTERM');
          await exited(c);
          clearTimeout(timer);
        }),
      );
      await db.drop().catch(() => undefined);
    },
  };
  for (const app of APPS) start(app);
  await system.waitHealthy();
  return system;
}
