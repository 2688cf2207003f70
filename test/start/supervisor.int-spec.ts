/**
 * `npm start` supervises its apps (scripts/lib/system.mjs `supervise`): an app that exits
 * unexpectedly is restarted with backoff while the others keep serving, and a SIGTERM to the
 * process tree's root (what `kill` or an init system sends to npm) stops every process of it.
 * Stand-in apps (tiny HTTP servers answering their pid) keep this test fast; the supervisor is
 * the one `npm start` uses.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Child = { pid?: number; kill(signal: string): boolean };
type Apps = { children: Map<string, Child>; spares: Map<string, Child>; stop(): Promise<void> };
type System = { startApps(env: Record<string, string>, o: Record<string, unknown>): Apps };
const system = () => import('../../scripts/lib/system.mjs' as string) as Promise<System>;
const ROOT = join(__dirname, '..', '..');
const STAND_IN = join(ROOT, 'test', 'start', 'fixtures', 'stand-in-app.mjs');

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function pidAt(port: number): Promise<number | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5000) });
    return Number(await res.text());
  } catch {
    return undefined;
  }
}

/** Polls `check` until it gives a value (not undefined or false), or fails after `ms`. */
async function until<T>(check: () => Promise<T | undefined | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`not true within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the supervisor of npm start', () => {
  it('restarts an app killed with SIGKILL soon after its start with a backoff (a crash loop), logged with its cause, while the other app keeps answering', async () => {
    const ports = { alpha: await freePort(), beta: await freePort() };
    const log: string[] = [];
    const apps = (await system()).startApps(
      {},
      // Every exit here counts as quick (a crash loop): the backoff applies.
      { apps: ['alpha', 'beta'], quiet: true, supervise: true, restartAtOnceAfterMs: 3_600_000, command: () => STAND_IN, envFor: (app: 'alpha' | 'beta') => ({ PORT: String(ports[app]) }), log: (m: string) => log.push(m) },
    );
    try {
      const first = await until(() => pidAt(ports.alpha), 30_000);
      await until(() => pidAt(ports.beta), 30_000);
      let betaFailures = 0;
      let betaAnswers = 0;
      let probing = true;
      const probe = (async () => {
        while (probing) {
          if ((await pidAt(ports.beta)) === undefined) betaFailures++;
          else betaAnswers++;
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      apps.children.get('alpha')!.kill('SIGKILL');
      const second = await until(async () => {
        const pid = await pidAt(ports.alpha);
        return pid !== undefined && pid !== first ? pid : undefined;
      }, 60_000);
      probing = false;
      await probe;
      expect(second).not.toBe(first);
      expect(betaAnswers).toBeGreaterThan(0);
      expect(betaFailures).toBe(0);
      expect(log.join('\n')).toMatch(/alpha exited unexpectedly \(signal SIGKILL\); restarting it in 1 s/);
    } finally {
      await apps.stop();
    }
    // Stopped on purpose: both are gone.
    expect(await pidAt(ports.alpha)).toBeUndefined();
    expect(await pidAt(ports.beta)).toBeUndefined();
  });

  it('restarts an app that had run a while at once, on its warm spare (already loaded), and prepares the next spare', async () => {
    const port = await freePort();
    const log: string[] = [];
    const apps = (await system()).startApps(
      {},
      // Any run counts as "a while" here; the next spare is prepared at once.
      { apps: ['alpha'], quiet: true, supervise: true, standby: true, standbyDelayMs: 0, restartAtOnceAfterMs: 0, command: () => STAND_IN, envFor: () => ({ PORT: String(port) }), log: (m: string) => log.push(m) },
    );
    try {
      const first = await until(() => pidAt(port), 30_000);
      const spare = await until(async () => apps.spares.get('alpha')?.pid, 30_000);
      expect(spare).not.toBe(first);
      // The spare waits: it does not answer in the running instance's place.
      expect(await pidAt(port)).toBe(first);
      apps.children.get('alpha')!.kill('SIGKILL');
      const second = await until(async () => {
        const pid = await pidAt(port);
        return pid !== undefined && pid !== first ? pid : undefined;
      }, 60_000);
      expect(second).toBe(spare);
      expect(log.join('\n')).toMatch(/alpha exited unexpectedly \(signal SIGKILL\); restarting it now \(its warm spare\)/);
      // A new spare stands by for the next crash.
      await until(async () => (apps.spares.get('alpha')?.pid ?? spare) !== spare, 30_000);
    } finally {
      await apps.stop();
    }
    expect(await pidAt(port)).toBeUndefined();
  });

  it('a SIGTERM to the root of the tree (started on the machine\'s Node) leaves no process of it', async () => {
    const ports = { alpha: await freePort(), beta: await freePort() };
    // The machine's own node when there is one (npm start runs on it and re-runs itself on Node 24).
    const machineNode = spawnSync('sh', ['-c', 'command -v node'], { encoding: 'utf8' }).stdout.trim() || process.execPath;
    const root = spawn(machineNode, [join(ROOT, 'test', 'start', 'fixtures', 'supervised-tree.mjs')], {
      env: { ...process.env, STAND_IN_PORTS: JSON.stringify(ports) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    root.stdout.on('data', (d) => (out += d.toString()));
    const pids = await until(async () => {
      const line = out.split('\n').find((l) => l.startsWith('PIDS '));
      return line ? (JSON.parse(line.slice(5)) as { self: number; parent: number; apps: number[] }) : undefined;
    }, 60_000);
    await until(() => pidAt(ports.beta), 30_000);
    const tree = [root.pid!, pids.self, ...pids.apps];
    expect(tree.every(alive)).toBe(true);
    const exited = new Promise((r) => root.once('exit', r));
    root.kill('SIGTERM');
    await exited;
    await until(async () => tree.every((pid) => !alive(pid)), 30_000);
    expect(await pidAt(ports.alpha)).toBeUndefined();
  });

  it('a SIGTERM to the npm process of `npm start` (npm, its shell, Node) stops every app', async () => {
    // The project's own start script, run by the machine's npm in a folder whose scripts/start.mjs is the stand-in tree.
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
    const dir = mkdtempSync(join(tmpdir(), 'npm-start-'));
    try {
      mkdirSync(join(dir, 'scripts'));
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'npm-start-signal', private: true, scripts: { start: scripts.start } }));
      writeFileSync(join(dir, 'scripts', 'start.mjs'), `import ${JSON.stringify(join(ROOT, 'test', 'start', 'fixtures', 'supervised-tree.mjs'))};\n`);
      const ports = { alpha: await freePort(), beta: await freePort() };
      const npm = spawn('npm', ['start', '--silent'], { cwd: dir, env: { ...process.env, STAND_IN_PORTS: JSON.stringify(ports) }, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      npm.stdout.on('data', (d) => (out += d.toString()));
      const pids = await until(async () => {
        const line = out.split('\n').find((l) => l.startsWith('PIDS '));
        return line ? (JSON.parse(line.slice(5)) as { self: number; parent: number; apps: number[] }) : undefined;
      }, 60_000);
      await until(() => pidAt(ports.alpha), 30_000);
      await until(() => pidAt(ports.beta), 30_000);
      const tree = [pids.self, ...pids.apps];
      expect(tree.every(alive)).toBe(true);
      npm.kill('SIGTERM');
      await until(async () => tree.every((pid) => !alive(pid)), 30_000);
      expect(await pidAt(ports.alpha)).toBeUndefined();
      expect(await pidAt(ports.beta)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
