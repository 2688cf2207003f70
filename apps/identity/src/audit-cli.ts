/**
 * The security event log for compliance auditors, from the command line (after `npm run build`):
 *
 *   npm run audit -- verify
 *   npm run audit -- export [--from ISO] [--to ISO] [--user ID] [--type EventType] [--format jsonl|csv] [--out FILE]
 *   npm run audit -- replay
 *
 * Reads DATABASE_URL and DATABASE_SCHEMA (default identity) from the environment.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { Pool } from 'pg';
import { ConfigError, loadConfig, serviceConfigSchema } from '@app/nest-kit';
import { exportSecurityLog, replaySecurityLog, verifySecurityLog } from './security-log/audit';

export type CliIo = { env: NodeJS.ProcessEnv; out: (s: string) => void; err: (s: string) => void; isTTY?: boolean };

const USAGE = `Usage:
  npm run audit -- verify
      Recomputes the hash chain; prints the entry count, the head hash and the first broken link (exit 1 if broken).
  npm run audit -- export [--from ISO] [--to ISO] [--user USER_ID] [--type EVENT_TYPE] [--format jsonl|csv] [--out FILE]
      Writes the entries (from inclusive, to exclusive) to stdout or FILE. Default format: jsonl.
  npm run audit -- replay
      Rebuilds the security log from the event store from zero and prints the count.
Environment: DATABASE_URL, DATABASE_SCHEMA (default identity).`;

function isoOrThrow(name: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw new UsageError(`--${name} must be an ISO date or time (got '${v}')`);
  return new Date(t).toISOString();
}

class UsageError extends Error {}

/** Runs one CLI command; returns the exit code. */
export async function runAuditCli(argv: string[], io: CliIo): Promise<number> {
  let config: { DATABASE_URL: string; DATABASE_SCHEMA: string };
  try {
    config = loadConfig(serviceConfigSchema('identity'), io.env);
  } catch (e) {
    io.err(`${e instanceof ConfigError ? e.message : String(e)}\n`);
    return 2;
  }
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'verify': {
        const pool = new Pool({ connectionString: config.DATABASE_URL, max: 1 });
        try {
          const r = await verifySecurityLog(pool, config.DATABASE_SCHEMA);
          io.out(`entries: ${r.count}\nhead hash: ${r.headHash}\n`);
          if (r.broken) {
            io.out(`BROKEN at entry #${r.broken.seq} (event ${r.broken.eventId}): ${r.broken.reason}\n`);
            return 1;
          }
          io.out('chain: intact\n');
          return 0;
        } finally {
          await pool.end();
        }
      }

      case 'export': {
        const { values } = parseArgs({
          args: rest,
          options: {
            from: { type: 'string' },
            to: { type: 'string' },
            user: { type: 'string' },
            type: { type: 'string' },
            format: { type: 'string', default: 'jsonl' },
            out: { type: 'string' },
          },
          strict: true,
        });
        if (values.format !== 'jsonl' && values.format !== 'csv') throw new UsageError('--format must be jsonl or csv');
        if (values.user && !/^[0-9a-f-]{36}$/i.test(values.user)) throw new UsageError('--user must be a user id');
        const pool = new Pool({ connectionString: config.DATABASE_URL, max: 1 });
        let file: WriteStream | undefined;
        try {
          if (values.out) file = createWriteStream(values.out, { encoding: 'utf8' });
          const write = file
            ? (s: string) => (file!.write(s) ? undefined : new Promise<void>((r) => file!.once('drain', () => r())))
            : (s: string) => io.out(s);
          const n = await exportSecurityLog(
            pool,
            config.DATABASE_SCHEMA,
            {
              format: values.format,
              from: isoOrThrow('from', values.from),
              to: isoOrThrow('to', values.to),
              userId: values.user,
              type: values.type,
            },
            write,
          );
          if (file) await new Promise<void>((resolve, reject) => file!.end((e?: Error | null) => (e ? reject(e) : resolve())));
          io.err(`exported ${n} entries${values.out ? ` to ${values.out}` : ''}\n`);
          return 0;
        } finally {
          file?.destroy();
          await pool.end();
        }
      }

      case 'replay': {
        const bar = io.isTTY ? new SingleBar({ format: 'replaying [{bar}] {value}/{total} events', hideCursor: true }, Presets.shades_classic) : undefined;
        let started = false;
        let lastPrinted = 0;
        const r = await replaySecurityLog({
          databaseUrl: config.DATABASE_URL,
          schema: config.DATABASE_SCHEMA,
          onProgress: ({ processed, total }) => {
            if (bar) {
              if (!started) bar.start(total, processed);
              else {
                bar.setTotal(total);
                bar.update(processed);
              }
              started = true;
            } else if (processed === total || processed - lastPrinted >= 10_000) {
              io.err(`replayed ${processed}/${total} events\n`);
              lastPrinted = processed;
            }
          },
        });
        bar?.stop();
        io.out(`security log rebuilt from ${r.processed} events: ${r.entries} entries\n`);
        return 0;
      }

      case 'help':
      case '--help':
        io.out(`${USAGE}\n`);
        return 0;

      default:
        io.err(`${command ? `Unknown command '${command}'.\n` : ''}${USAGE}\n`);
        return 2;
    }
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${(e as Error).message}\n${USAGE}\n`);
      return 2;
    }
    const hint = (e as { code?: string }).code === '42P01' ? ' (this database is not migrated yet: run `npm run migrate`, or start the services once)' : '';
    io.err(`audit ${command} failed: ${(e as Error).message}${hint}\n`);
    return 1;
  }
}

if (require.main === module) {
  runAuditCli(process.argv.slice(2), {
    env: process.env,
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    isTTY: process.stderr.isTTY,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.stderr.write(`${(e as Error).stack ?? e}\n`);
      process.exitCode = 1;
    },
  );
}
