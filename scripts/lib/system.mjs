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

/**
 * `envFor(app)`: variables of one app only, e.g. its own NATS_URL (user) on npm start's nats-server.
 * `apps`: a subset of APPS (a benchmark that needs only some).
 * `supervise`: an app that exits while the system is not stopping is started again after a
 * backoff (1 s, doubling to 30 s; back to 1 s once it has run a minute), logged with its exit
 * cause, while the others keep serving. Without it an exit is the caller's business.
 * `command(app)`: the script an app runs (default its built main.js; tests use stand-ins).
 */
export function startApps(env, { quiet = false, onLine, envFor, apps = APPS, supervise = false, command, log = console.error } = {}) {
  const children = new Map();
  const restarts = new Map();
  let stopping = false;
  const spawnApp = (app) => {
    const script = command?.(app) ?? join(root, 'dist', 'apps', app, 'src', 'main.js');
    const child = spawn(process.execPath, ['--enable-source-maps', script], {
      cwd: root,
      env: { ...process.env, ...env, ...envFor?.(app) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tag = `\x1b[${COLORS[app] ?? 37}m${app.padEnd(13)}\x1b[0m|`;
    let buf = '';
    const onData = (d) => {
      buf += d.toString();
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        onLine?.(app, line);
        if (!quiet || /"level":(50|60)/.test(line)) process.stdout.write(`${tag} ${formatLine(line)}\n`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    children.set(app, child);
    const startedAt = Date.now();
    if (supervise) {
      child.once('exit', (code, signal) => {
        if (stopping) return;
        const last = restarts.get(app) ?? { delay: 0 };
        const delay = Date.now() - startedAt > 60_000 ? 1000 : Math.min(Math.max(last.delay * 2, 1000), 30_000);
        log(`> ${app} exited unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); restarting it in ${delay / 1000} s, the other apps keep serving`);
        const timer = setTimeout(() => {
          restarts.set(app, { delay });
          if (!stopping) spawnApp(app);
        }, delay);
        restarts.set(app, { delay, timer });
      });
    }
    return child;
  };
  for (const app of apps) spawnApp(app);
  return {
    children,
    /** The apps that have exited, each with how: `identity (signal SIGSEGV)`, `gateway (exit code 1)`. */
    exited() {
      return [...children]
        .filter(([, c]) => c.exitCode !== null || c.signalCode)
        .map(([app, c]) => `${app} (${c.signalCode ? `signal ${c.signalCode}` : `exit code ${c.exitCode}`})`);
    },
    async stop(signal = 'SIGTERM', timeoutMs = 10000) {
      stopping = true;
      for (const r of restarts.values()) clearTimeout(r.timer);
      await Promise.all(
        [...children.values()].map(
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
