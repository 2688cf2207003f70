/**
 * The security event log for compliance auditors, from the command line (after `npm run build`):
 *
 *   npm run audit -- verify [--file ANCHORS] [--no-jetstream]
 *   npm run audit -- anchor [--file ANCHORS] [--no-jetstream]
 *   npm run audit -- export [--from ISO] [--to ISO] [--user ID] [--type EventType] [--format jsonl|csv] [--out FILE]
 *   npm run audit -- replay
 *
 * Reads DATABASE_URL, DATABASE_SCHEMA (default identity), NATS_URL, NATS_PREFIX and
 * AUDIT_ANCHOR_FILE / AUDIT_ANCHOR_RETENTION_DAYS from the environment.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Pool } from 'pg';
import { ConfigError, loadConfig, natsConnectionOptions, pgSessionLimits, serviceConfigSchema } from '@app/nest-kit';
import { auditAnchorConfig } from './security-log/anchor-config';
import { readAnchorFile } from './security-log/anchor-file';
import { AnchorStream } from './security-log/anchor-stream';
import { formatAnchor, type SourcedAnchor } from './security-log/anchors';
import { anchorSecurityLog, exportSecurityLog, isIntact, replaySecurityLog, verifySecurityLog, type VerifyResult } from './security-log/audit';

export type CliIo = { env: NodeJS.ProcessEnv; out: (s: string) => void; err: (s: string) => void; isTTY?: boolean };

const USAGE = `Usage:
  npm run audit -- verify [--file ANCHORS] [--no-jetstream]
      Recomputes the hash chain, checks every entry against its source event in the event store and
      against every anchor (JetStream stream AUDIT_ANCHORS, and the anchor file if given); prints the
      entry count, the head hash, the anchors, and the first broken link or the missing tail (exit 1).
      Progress goes to stderr (every 100,000 entries, or a bar on a terminal).
  npm run audit -- anchor [--file ANCHORS] [--no-jetstream]
      Anchors the log's head now: appends it to the JetStream stream AUDIT_ANCHORS and to the file
      if given, and prints it as one JSON line (for an external notary).
  npm run audit -- export [--from ISO] [--to ISO] [--user USER_ID] [--type EVENT_TYPE] [--format jsonl|csv] [--out FILE]
      Writes the entries (from inclusive, to exclusive) to stdout or FILE. Default format: jsonl.
  npm run audit -- replay
      Rebuilds the security log from the event store from zero and prints the count.
ANCHORS: a file of anchors, one JSON line each (default: AUDIT_ANCHOR_FILE if set).
Environment: DATABASE_URL, DATABASE_SCHEMA (default identity), NATS_URL, NATS_PREFIX,
AUDIT_ANCHOR_FILE, AUDIT_ANCHOR_RETENTION_DAYS.`;

const cliConfigSchema = serviceConfigSchema('identity').extend(auditAnchorConfig);
type CliConfig = ReturnType<typeof cliConfigSchema.parse>;

const ANCHOR_OPTIONS = {
  file: { type: 'string' },
  jetstream: { type: 'boolean', default: true },
} as const;

async function withJetStream<T>(config: CliConfig, use: boolean, fn: (stream: AnchorStream | undefined) => Promise<T>): Promise<T> {
  if (!use) return fn(undefined);
  let nc: NatsConnection;
  try {
    nc = await connect({ ...natsConnectionOptions(config.NATS_URL), name: 'identity-audit-cli', timeout: 5000, maxReconnectAttempts: 0 });
  } catch (e) {
    throw new Error(`cannot reach NATS for the anchors (${(e as Error).message}); pass --no-jetstream to go without`);
  }
  try {
    return await fn(new AnchorStream({ nc, prefix: config.NATS_PREFIX, schema: config.DATABASE_SCHEMA, retentionDays: config.AUDIT_ANCHOR_RETENTION_DAYS }));
  } finally {
    await nc.close();
  }
}

const short = (h: string) => `${h.slice(0, 16)}…`;

function anchorsLine(r: VerifyResult, sources: string[]): string {
  if (!r.anchors.count) return `anchors: none found in ${sources.join(', ') || 'nowhere (--no-jetstream, no --file)'}: the tail is not protected (npm run audit -- anchor)\n`;
  const n = r.anchors.newest!;
  return `anchors: ${r.anchors.count} from ${sources.join(', ')}; ${r.anchors.matched} matched; newest #${n.seq} ${short(n.hash)} anchored ${n.anchoredAt}\n`;
}

function isoOrThrow(name: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw new UsageError(`--${name} must be an ISO date or time (got '${v}')`);
  return new Date(t).toISOString();
}

class UsageError extends Error {}

/** Runs one CLI command; returns the exit code. */
export async function runAuditCli(argv: string[], io: CliIo): Promise<number> {
  let config: CliConfig;
  try {
    config = loadConfig(cliConfigSchema, io.env);
  } catch (e) {
    io.err(`${e instanceof ConfigError ? e.message : String(e)}\n`);
    return 2;
  }
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'verify': {
        const { values } = parseArgs({ args: rest, options: ANCHOR_OPTIONS, strict: true, allowNegative: true });
        const file = values.file ?? config.AUDIT_ANCHOR_FILE;
        const anchors: SourcedAnchor[] = [];
        const sources: string[] = [];
        await withJetStream(config, values.jetstream, async (stream) => {
          if (!stream) return;
          anchors.push(...(await stream.readAll()));
          sources.push(`JetStream ${stream.name}`);
        });
        if (file) {
          anchors.push(...(await readAnchorFile(file)));
          sources.push(`file ${file}`);
        }
        const pool = new Pool({ connectionString: config.DATABASE_URL, max: 1, ...pgSessionLimits() });
        try {
          const bar = io.isTTY ? new SingleBar({ format: 'verifying [{bar}] {value}/{total} entries', hideCursor: true }, Presets.shades_classic) : undefined;
          let started = false;
          let r: VerifyResult;
          try {
            r = await verifySecurityLog(pool, config.DATABASE_SCHEMA, {
              anchors,
              onProgress: ({ checked, total }) => {
                if (!bar) io.err(`verified ${checked}/${total} entries\n`);
                else if (!started) {
                  bar.start(total, checked);
                  started = true;
                } else {
                  bar.setTotal(total);
                  bar.update(checked);
                }
              },
            });
          } finally {
            bar?.stop();
          }
          io.out(`entries: ${r.count}\nhead hash: ${r.headHash}\n`);
          io.out(
            `source events: ${r.sourceEvents.checked} checked against the event store${r.sourceEvents.unhashed ? ` (${r.sourceEvents.unhashed} entries predate source hashing: npm run audit -- replay hashes them)` : ''}\n`,
          );
          io.out(anchorsLine(r, sources));
          if (r.broken) io.out(`BROKEN at entry #${r.broken.seq} (event ${r.broken.eventId}): ${r.broken.reason}\n`);
          if (r.missingTail) {
            const a = r.missingTail.anchor;
            io.out(`missing tail entries: ${r.missingTail.count} (anchored head #${a.seq} hash ${a.hash}, anchored ${a.anchoredAt}, ${a.source})\n`);
          }
          if (!isIntact(r)) return 1;
          io.out('chain: intact\n');
          return 0;
        } finally {
          await pool.end();
        }
      }

      case 'anchor': {
        const { values } = parseArgs({ args: rest, options: ANCHOR_OPTIONS, strict: true, allowNegative: true });
        const file = values.file ?? config.AUDIT_ANCHOR_FILE;
        const pool = new Pool({ connectionString: config.DATABASE_URL, max: 1, ...pgSessionLimits() });
        try {
          const r = await withJetStream(config, values.jetstream, (stream) => anchorSecurityLog({ db: pool, schema: config.DATABASE_SCHEMA, stream, file }));
          if (!r.anchored) {
            io.err('nothing to anchor: the security log is empty\n');
            return 0;
          }
          io.out(`${formatAnchor(r.anchor)}\n`);
          if (r.jetstream) io.err(`anchored #${r.anchor.seq} in JetStream ${r.jetstream.stream} (message #${r.jetstream.streamSeq}${r.jetstream.duplicate ? ', already there' : ''})\n`);
          if (r.file) io.err(`anchored #${r.anchor.seq} in ${r.file}\n`);
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
        const pool = new Pool({ connectionString: config.DATABASE_URL, max: 1, ...pgSessionLimits() });
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
