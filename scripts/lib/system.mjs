// Starts the apps as child processes with prefixed, readable logs (optionally supervised: restarted
// when one exits); stops them together.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './node24.mjs';

export const APPS = ['identity', 'directory', 'practices', 'messaging', 'notifications', 'credentialing', 'gateway'];

const COLORS = { identity: 36, directory: 35, practices: 33, messaging: 34, notifications: 32, credentialing: 91, gateway: 96 };
const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

function formatLine(line) {
  if (!line.startsWith('{')) return line;
  try {
    const o = JSON.parse(line);
    const level = LEVELS[o.level] ?? o.level;
    const extra = [];
    if (o.req && o.res) extra.push(`${o.req.method} ${o.req.url} ${o.res.statusCode} ${o.responseTime ?? ''}ms`);
    if (o.context) extra.push(`[${o.context}]`);
    if (o.err?.message) extra.push(o.err.stack ?? o.err.message);
    return `${level.padEnd(5)} ${o.msg ?? ''} ${extra.join(' ')}`.trimEnd();
  } catch {
    return line;
  }
}

/** An app that ran at least this long before exiting is restarted at once; a quicker exit is a crash loop, restarted with backoff. */
export const RESTART_AT_ONCE_AFTER_MS = 10_000;

/**
 * `envFor(app, instance)`: variables of one app only, e.g. its own NATS_URL (user) on npm start's
 * nats-server, or the port of a second gateway.
 * `apps`: a subset of APPS (a benchmark that needs only some).
 * `instances`: how many instances of each app (default 1): the first is `children.get(app)`,
 * the others `children.get('<app>-2')`, ... (they share the load through NATS queue groups).
 * `supervise`: an instance that exits while the system is not stopping is started again, logged
 * with its exit cause, while the others keep serving: at once when it had run at least
 * `restartAtOnceAfterMs` (default RESTART_AT_ONCE_AFTER_MS: a crash), else after a backoff (1 s, doubling to 30 s: a crash loop).
 * `standby` (with supervise): each instance has a warm spare, a process of the app started ahead
 * of need that has loaded its code and waits (libs/nest-kit standby.ts); a restart starts the
 * spare instead of a new process, so the code's loading (most of a boot) is not between a crash
 * and the app answering again. A new spare is started `standbyDelayMs` (default 5 s) after,
 * so it does not compete with the boot it stands in for.
 * `command(app)`: the script an app runs (default its built main.js; tests use stand-ins).
 * The apps run with Node's compile cache (NODE_COMPILE_CACHE, default dist/.compile-cache): a
 * restart does not compile its code again.
 */
export function startApps(env, { quiet = false, onLine, envFor, apps = APPS, instances = 1, supervise = false, restartAtOnceAfterMs = RESTART_AT_ONCE_AFTER_MS, standby = false, standbyDelayMs = 5000, command, log = console.error } = {}) {
  const children = new Map();
  const spares = new Map();
  const restarts = new Map();
  const timers = new Set();
  let stopping = false;
  const later = (ms, fn) => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopping) fn();
    }, ms);
    timers.add(t);
  };
  const compileCache = process.env.NODE_COMPILE_CACHE ?? join(root, 'dist', '.compile-cache');
  const spawnProcess = (app, key, instance, spare) => {
    const script = command?.(app) ?? join(root, 'dist', 'apps', app, 'src', 'main.js');
    const child = spawn(process.execPath, ['--enable-source-maps', script], {
      cwd: root,
      env: { NODE_COMPILE_CACHE: compileCache, ...process.env, ...env, ...envFor?.(app, instance), ...(spare ? { APP_STANDBY: '1' } : {}) },
      stdio: spare ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    });
    const tag = `\x1b[${COLORS[app] ?? 37}m${key.padEnd(13)}\x1b[0m|`;
    let buf = '';
    const onData = (d) => {
      buf += d.toString();
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        onLine?.(key, line);
        if (!quiet || /"level":(50|60)/.test(line)) process.stdout.write(`${tag} ${formatLine(line)}\n`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    // An IPC channel whose other end is gone must not throw in the supervisor.
    child.on('error', () => undefined);
    return child;
  };
  const prepareSpare = (app, key, instance) => {
    const spare = spawnProcess(app, key, instance, true);
    spares.set(key, spare);
    spare.once('exit', () => {
      if (spares.get(key) !== spare) return;
      spares.delete(key);
      later(standbyDelayMs, () => prepareSpare(app, key, instance)); // died while waiting: another one, later
    });
  };
  const startInstance = (app, key, instance) => {
    const spare = spares.get(key);
    let child;
    if (spare && spare.exitCode === null && !spare.signalCode && spare.connected) {
      spares.delete(key);
      spare.send('start');
      child = spare;
    } else {
      child = spawnProcess(app, key, instance, false);
    }
    children.set(key, child);
    if (standby && supervise) later(standbyDelayMs, () => spares.has(key) || prepareSpare(app, key, instance));
    const startedAt = Date.now();
    if (supervise) {
      child.once('exit', (code, signal) => {
        if (stopping) return;
        const ran = Date.now() - startedAt;
        const last = restarts.get(key) ?? 0;
        const delay = ran >= restartAtOnceAfterMs ? 0 : Math.min(Math.max(last * 2, 1000), 30_000);
        restarts.set(key, delay);
        const cause = signal ? `signal ${signal}` : `exit code ${code}`;
        const when = delay ? `in ${delay / 1000} s` : spares.has(key) ? 'now (its warm spare)' : 'now';
        log(`> ${key} exited unexpectedly (${cause}); restarting it ${when}, the other apps keep serving`);
        if (delay) later(delay, () => startInstance(app, key, instance));
        else startInstance(app, key, instance);
      });
    }
    return child;
  };
  for (const app of apps) for (let i = 1; i <= instances; i++) startInstance(app, i === 1 ? app : `${app}-${i}`, i);
  return {
    children,
    /** The warm spares waiting, by instance (with `standby`). */
    spares,
    /** The apps that have exited, each with how: `identity (signal SIGSEGV)`, `gateway (exit code 1)`. */
    exited() {
      return [...children]
        .filter(([, c]) => c.exitCode !== null || c.signalCode)
        .map(([app, c]) => `${app} (${c.signalCode ? `signal ${c.signalCode}` : `exit code ${c.exitCode}`})`);
    },
    async stop(signal = 'SIGTERM', timeoutMs = 10000) {
      stopping = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all(
        [...children.values(), ...spares.values()].map(
          (c) =>
            new Promise((resolve) => {
              if (c.exitCode !== null || c.signalCode) return resolve();
              const t = setTimeout(() => c.kill('SIGKILL'), timeoutMs);
              c.once('exit', () => {
                clearTimeout(t);
                resolve();
              });
              c.kill(signal);
            }),
        ),
      );
    },
  };
}

export async function waitHealthy(baseUrl, seconds = 90, isAlive = () => true) {
  const deadline = Date.now() + seconds * 1000;
  let last = '';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('an app exited while starting');
    try {
      const res = await fetch(`${baseUrl}/api/health/ready`);
      if (res.status === 200) return;
      last = JSON.stringify(await res.json());
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`system not healthy after ${seconds} s: ${last}`);
}
