import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import request from 'supertest';
import { eventually } from '@app/testing';
import { startTestSystem, type TestSystem } from '../support/system';
import { STRONG_PASSWORD, db, registerAccount, signIn } from '../support/identity';

/**
 * The hash-chained security log: verify, anchor, export and replay (functions and the compiled
 * CLI), and the tampering that verify must catch: tail deletion, middle deletion, a truncated
 * table, an event edited in the event store (before and after a replay).
 */
let sys: TestSystem;
let pg: Awaited<ReturnType<typeof db>>;
let audit: typeof import('../../apps/identity/src/security-log/audit');
let cli: typeof import('../../apps/identity/src/audit-cli');
let anchorStream: typeof import('../../apps/identity/src/security-log/anchor-stream');
let aliceId: string;
let anchorDir: string;
let anchorFile: string;

const SECURITY_TYPES_SQL = `type IN ('AccountRegistered','SignInCodeIssued','SignInCodeResent','SignInCodeRejected','SignInSucceeded','SignedOut',
  'SessionsRevoked','TemporaryPasswordIssued','PasswordResetFailed','PasswordReset','Reauthenticated','ReauthenticationFailed',
  'VerificationCodeIssued','VerificationCodeRejected','PasswordChanged','EmailChanged','MobileChanged','AccountRolesChanged','SignInFailed')`;

const cliEnv = () => ({ DATABASE_URL: sys.db.url, DATABASE_SCHEMA: 'identity', NATS_URL: sys.env.NATS_URL, NATS_PREFIX: sys.prefix });

async function runCli(args: string[]) {
  let out = '';
  let err = '';
  const code = await cli.runAuditCli(args, {
    env: cliEnv(),
    out: (s) => (out += s),
    err: (s) => (err += s),
  });
  return { code, out, err };
}

beforeAll(async () => {
  // Anchors every second while the history is written (the schedule's test), stopped after it.
  sys = await startTestSystem({ label: 'idaudit', contexts: ['identity'], env: { AUDIT_ANCHOR_INTERVAL_MS: '1000' } });
  pg = await db(sys);
  audit = await import('../../apps/identity/src/security-log/audit');
  cli = await import('../../apps/identity/src/audit-cli');
  anchorStream = await import('../../apps/identity/src/security-log/anchor-stream');
  anchorDir = mkdtempSync(join(tmpdir(), 'anchors-'));
  anchorFile = join(anchorDir, 'anchors.jsonl');
  // Some history: registrations, sign-ins, failures (known and unknown), a logout.
  const alice = await registerAccount(sys, { userName: 'alice' });
  aliceId = alice.userId;
  const bob = await registerAccount(sys, { userName: 'bob' });
  const { token } = await signIn(sys, alice, { ip: '192.0.2.10' });
  await request(sys.baseUrl).post('/api/v1/users/signIn').send({ usernameOrEmail: bob.email, password: 'Wrong-Password-1' }).expect(401);
  await request(sys.baseUrl).post('/api/v1/users/signIn').send({ usernameOrEmail: 'ghost@clinic.test', password: STRONG_PASSWORD }).expect(401);
  await request(sys.baseUrl).post('/api/v1/users/logout').set('Authorization', `Bearer ${token}`).expect(200);
  await signIn(sys, bob);
  await eventually(async () => {
    const events = (await pg.query(`SELECT count(*)::int AS n FROM identity.events WHERE ${SECURITY_TYPES_SQL}`)).rows[0].n;
    expect(await pg.count('security_log')).toBe(events);
  });
});
afterAll(async () => {
  await pg?.end();
  if (sys) {
    // deny_delete / deny_purge protect the messages, not the stream: a test prefix's stream goes.
    const jsm = await jetstreamManager(sys.nc);
    await jsm.streams.delete(anchorStream.anchorStreamName(sys.prefix)).catch(() => undefined);
    await sys.stop();
  }
  if (anchorDir) rmSync(anchorDir, { recursive: true, force: true });
});

/** The anchors in the test prefix's JetStream stream. */
async function jetStreamAnchors() {
  const { AnchorStream } = anchorStream;
  return new AnchorStream({ nc: sys.nc, prefix: sys.prefix, schema: 'identity', retentionDays: 1 }).readAll();
}

async function head() {
  const rows = await chain();
  return rows[rows.length - 1];
}

/** Rebuilds the log from the event store and checks it is intact again against every anchor. */
async function repair(expected: Awaited<ReturnType<typeof chain>>) {
  await audit.replaySecurityLog({ databaseUrl: sys.db.url, schema: 'identity' });
  expect(await chain()).toEqual(expected);
  const out = await runCli(['verify', '--file', anchorFile]);
  expect(out.out).toContain('chain: intact');
  expect(out.code).toBe(0);
}

async function chain() {
  const { rows } = await pg.query('SELECT seq, event_id, event_hash, prev_hash, hash FROM identity.security_log ORDER BY seq');
  return rows as Array<{ seq: string; event_id: string; event_hash: string; prev_hash: string; hash: string }>;
}

describe('the security log', () => {
  it('is a hash chain in commit order, holding every security event and no secret', async () => {
    const rows = await chain();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows[0].prev_hash).toBe('0'.repeat(64));
    for (let i = 1; i < rows.length; i++) {
      expect(Number(rows[i].seq)).toBe(i + 1);
      expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
    }
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.event_hash))).toBe(true);
    const types = (await pg.query('SELECT DISTINCT type FROM identity.security_log')).rows.map((r) => r.type).sort();
    expect(types).toEqual(expect.arrayContaining(['AccountRegistered', 'SignInCodeIssued', 'SignInFailed', 'SignInSucceeded', 'SignedOut']));
    const all = JSON.stringify((await pg.query('SELECT * FROM identity.security_log')).rows);
    expect(all).not.toMatch(/Wrong-Password|Lantern-Quarry|argon2|ghost@clinic/);
    const withMeta = await pg.query(`SELECT ip FROM identity.security_log WHERE type = 'SignInSucceeded' AND account_id = $1`, [aliceId]);
    expect(withMeta.rows[0].ip).toBe('192.0.2.10');
  });

  it('anchors the head in JetStream on a schedule, only when it moved', async () => {
    const { AnchorScheduler } = await import('../../apps/identity/src/security-log/anchor-scheduler');
    const scheduler = sys.services.get('identity')!.get(AnchorScheduler);
    const last = await head();
    await eventually(async () => {
      const anchors = await jetStreamAnchors();
      expect(anchors[anchors.length - 1]).toMatchObject({ schema: 'identity', seq: Number(last.seq), hash: last.hash });
    }, { timeoutMs: 10_000, intervalMs: 200 });
    const count = (await jetStreamAnchors()).length;
    await new Promise((r) => setTimeout(r, 2500)); // two more ticks, no new entry
    expect(await jetStreamAnchors()).toHaveLength(count);
    await scheduler.stop(); // the tampering below is anchored by hand

    // The stream keeps anchors on file, and refuses message deletes and purges.
    const jsm = await jetstreamManager(sys.nc);
    const name = anchorStream.anchorStreamName(sys.prefix);
    const info = await jsm.streams.info(name);
    expect(info.config).toMatchObject({ storage: 'file', deny_delete: true, deny_purge: true, subjects: [`${sys.prefix}.audit.anchors.>`] });
    await expect(jsm.streams.deleteMessage(name, info.state.last_seq)).rejects.toThrow(/not permitted/);
    await expect(jsm.streams.purge(name)).rejects.toThrow(/not permitted/);
  });

  it('anchors on demand (JetStream and a file, printed) and verifies intact against every anchor', async () => {
    const rows = await chain();
    const last = rows[rows.length - 1];
    const anchored = await runCli(['anchor', '--file', anchorFile]);
    expect(anchored.code).toBe(0);
    const printed = JSON.parse(anchored.out);
    expect(printed).toMatchObject({ kind: 'security-log-anchor', v: 1, schema: 'identity', seq: rows.length, hash: last.hash, entryTime: expect.any(String), anchoredAt: expect.any(String) });
    expect(anchored.err).toContain(`anchored #${rows.length} in ${anchorFile}`);
    expect(readFileSync(anchorFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l))).toEqual([printed]);
    // Printed only, for a notary: neither JetStream nor a file.
    const printOnly = await runCli(['anchor', '--no-jetstream']);
    expect(JSON.parse(printOnly.out)).toMatchObject({ seq: rows.length, hash: last.hash });

    const anchors = await jetStreamAnchors();
    const r = await audit.verifySecurityLog(pg, 'identity', { anchors });
    expect(r).toMatchObject({ count: rows.length, headHash: last.hash, broken: null, missingTail: null, sourceEvents: { checked: rows.length, unhashed: 0 } });
    expect(r.anchors.matched).toBe(anchors.length);
    expect(audit.isIntact(r)).toBe(true);

    const out = await runCli(['verify', '--file', anchorFile]);
    expect(out.code).toBe(0);
    expect(out.out).toContain(`entries: ${rows.length}`);
    expect(out.out).toContain(`head hash: ${last.hash}`);
    expect(out.out).toContain(`source events: ${rows.length} checked`);
    expect(out.out).toContain(`anchors: ${anchors.length + 1} from JetStream ${anchorStream.anchorStreamName(sys.prefix)}, file ${anchorFile}; ${anchors.length + 1} matched; newest #${rows.length}`);
    expect(out.out).toContain('chain: intact');
  });

  it('exports jsonl and csv between two times, for one user', async () => {
    const all = await runCli(['export', '--format', 'jsonl']);
    expect(all.code).toBe(0);
    const lines = all.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength((await chain()).length);
    expect(lines[0]).toMatchObject({ seq: 1, type: 'AccountRegistered', label: 'Account created', hash: expect.any(String), eventHash: expect.any(String) });

    const mine = await runCli(['export', '--user', aliceId, '--format', 'jsonl', '--from', '2000-01-01T00:00:00Z', '--to', new Date(Date.now() + 60_000).toISOString()]);
    const mineLines = mine.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(mineLines.length).toBeGreaterThan(2);
    expect(mineLines.every((l) => l.userId === aliceId)).toBe(true);

    const none = await runCli(['export', '--from', '2000-01-01T00:00:00Z', '--to', '2000-01-02T00:00:00Z']);
    expect(none.out).toBe('');

    const dir = mkdtempSync(join(tmpdir(), 'audit-'));
    try {
      const file = join(dir, 'log.csv');
      const csv = await runCli(['export', '--format', 'csv', '--out', file]);
      expect(csv.code).toBe(0);
      const text = readFileSync(file, 'utf8').trim().split('\n');
      expect(text[0]).toBe('seq,time,type,label,userId,ip,browser,os,details,eventId,prevHash,hash,eventHash');
      expect(text).toHaveLength(lines.length + 1);
      expect(text[1]).toMatch(/^"1","[^"]+","AccountRegistered","Account created"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const bad = await runCli(['export', '--format', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--format must be jsonl or csv');
  });

  it('replays from the event store into the identical chain', async () => {
    const before = await chain();
    const progress: Array<{ processed: number; total: number }> = [];
    const r = await audit.replaySecurityLog({ databaseUrl: sys.db.url, schema: 'identity', onProgress: (p) => progress.push(p) });
    expect(r.entries).toBe(before.length);
    expect(progress[progress.length - 1].processed).toBe(progress[progress.length - 1].total);
    expect(await chain()).toEqual(before);
    const out = await runCli(['replay']);
    expect(out.code).toBe(0);
    expect(out.out).toContain(`${before.length} entries`);
    expect(await chain()).toEqual(before);
    expect((await runCli(['verify', '--file', anchorFile])).out).toContain('chain: intact');
  });

  it('reports entries deleted from the tail, from the anchors (JetStream, or the file alone)', async () => {
    const rows = await chain();
    const last = rows[rows.length - 1];
    await pg.query('DELETE FROM identity.security_log WHERE seq > $1', [rows.length - 2]);
    // The remaining chain is internally consistent: only an anchor can tell.
    const out = await runCli(['verify']);
    expect(out.code).toBe(1);
    expect(out.out).toContain(`entries: ${rows.length - 2}`);
    expect(out.out).toContain(`missing tail entries: 2 (anchored head #${rows.length} hash ${last.hash}`);
    expect(out.out).not.toContain('chain: intact');
    const fromFile = await runCli(['verify', '--no-jetstream', '--file', anchorFile]);
    expect(fromFile.code).toBe(1);
    expect(fromFile.out).toContain(`missing tail entries: 2 (anchored head #${rows.length} hash ${last.hash}`);
    expect(fromFile.out).toContain(`file ${anchorFile}:1`);
    // Without any anchor the loss cannot be seen, and verify says the tail is unprotected.
    const bare = await runCli(['verify', '--no-jetstream']);
    expect(bare.out).toContain('the tail is not protected');
    await repair(rows);
  });

  it('reports an entry deleted from the middle', async () => {
    const rows = await chain();
    const victim = Number(rows[Math.floor(rows.length / 2)].seq);
    await pg.query('DELETE FROM identity.security_log WHERE seq = $1', [victim]);
    const out = await runCli(['verify']);
    expect(out.code).toBe(1);
    expect(out.out).toContain(`BROKEN at entry #${victim + 1} (event ${rows[victim].event_id}): expected entry #${victim}, found #${victim + 1}: entries are missing`);
    await repair(rows);
  });

  it('reports a truncated table', async () => {
    const rows = await chain();
    await pg.query('TRUNCATE identity.security_log');
    const out = await runCli(['verify', '--file', anchorFile]);
    expect(out.code).toBe(1);
    expect(out.out).toContain('entries: 0');
    expect(out.out).toContain(`missing tail entries: ${rows.length} (anchored head #${rows.length} hash ${rows[rows.length - 1].hash}`);
    await repair(rows);
  });

  it('reports an event edited in the event store, and still after a replay from it', async () => {
    const rows = await chain();
    const { rows: events } = await pg.query(
      `SELECT s.seq, e.event_id, e.metadata FROM identity.security_log s JOIN identity.events e USING (event_id)
        WHERE s.type = 'SignInSucceeded' AND s.account_id = $1`,
      [aliceId],
    );
    const target = events[0] as { seq: string; event_id: string; metadata: Record<string, unknown> };
    const tamper = async (metadata: unknown) => {
      // As a superuser would: past any trigger guarding the event store.
      await pg.query('SET session_replication_role = replica');
      try {
        await pg.query('UPDATE identity.events SET metadata = $2::jsonb WHERE event_id = $1', [target.event_id, JSON.stringify(metadata)]);
      } finally {
        await pg.query('RESET session_replication_role');
      }
    };
    const forged = { ...target.metadata, request: { ...(target.metadata.request as object), ip: '203.0.113.66' } };
    await tamper(forged);

    // Before a replay: the entry no longer matches its source event.
    const before = await runCli(['verify']);
    expect(before.code).toBe(1);
    expect(before.out).toContain(`BROKEN at entry #${target.seq} (event ${target.event_id}): its source event was changed in the event store after it was logged`);

    // After a replay: a chain consistent in itself, with the forged IP, but not the anchored one.
    await audit.replaySecurityLog({ databaseUrl: sys.db.url, schema: 'identity' });
    expect((await pg.query('SELECT ip FROM identity.security_log WHERE seq = $1', [target.seq])).rows[0].ip).toBe('203.0.113.66');
    const replayed = await chain();
    expect(replayed[replayed.length - 1].hash).not.toBe(rows[rows.length - 1].hash);
    const after = await runCli(['verify']);
    expect(after.code).toBe(1);
    expect(after.out).toMatch(/BROKEN at entry #\d+ \(event [0-9a-f-]+\): the entry's hash [0-9a-f]{16}… differs from the anchored hash [0-9a-f]{64}/);
    expect(after.out).toContain('an entry up to this one was changed, removed or rebuilt from edited events');
    const fromFile = await runCli(['verify', '--no-jetstream', '--file', anchorFile]);
    expect(fromFile.code).toBe(1);
    expect(fromFile.out).toContain(`BROKEN at entry #${rows.length}`);

    await tamper(target.metadata);
    await repair(rows);
  });

  it('reports exactly the entry that was edited in Postgres', async () => {
    const rows = await chain();
    const victim = rows[Math.floor(rows.length / 2)];
    await pg.query(`UPDATE identity.security_log SET ip = '6.6.6.6' WHERE seq = $1`, [victim.seq]);
    const r = await audit.verifySecurityLog(pg, 'identity');
    expect(r.broken).toEqual({ seq: Number(victim.seq), eventId: victim.event_id, reason: expect.stringMatching(/changed/) });
    const out = await runCli(['verify']);
    expect(out.code).toBe(1);
    expect(out.out).toContain(`BROKEN at entry #${victim.seq} (event ${victim.event_id})`);

    // Re-hashing the edited entry moves the break to the next link, which no longer matches.
    const { entryHash } = await import('../../apps/identity/src/security-log/hash-chain');
    const { rowToEntry } = await import('../../apps/identity/src/security-log/security-log.store');
    const edited = rowToEntry((await pg.query('SELECT * FROM identity.security_log WHERE seq = $1', [victim.seq])).rows[0]);
    const { hash: _old, ...content } = edited;
    await pg.query('UPDATE identity.security_log SET hash = $2 WHERE seq = $1', [victim.seq, entryHash(content)]);
    const next = await audit.verifySecurityLog(pg, 'identity');
    expect(next.broken).toMatchObject({ seq: Number(victim.seq) + 1, reason: expect.stringMatching(/prev_hash/) });

    // The compiled CLI says the same: compiled here with the project's swc settings (as npm run build
    // does into dist/), so the test never runs a stale dist/.
    const buildDir = join(__dirname, `../../.data/test-audit-cli-${process.pid}`);
    try {
      const build = spawnSync(
        process.execPath,
        [join(__dirname, '../../node_modules/@swc/cli/bin/swc.js'), 'apps/identity', 'libs', '-d', buildDir, '--config-file', '.swcrc', '--ignore', '**/*.spec.ts,**/*.int-spec.ts,**/*.mjs,**/test/**', '--quiet'],
        { cwd: join(__dirname, '../..'), encoding: 'utf8', timeout: 60_000 },
      );
      expect(build.status).toBe(0);
      // Without the anchors: an anchor taken earlier exactly at the edited entry (the running system
      // anchors on its own clock) would report that entry first, which is also right but not the
      // chain check this compares with.
      const run = spawnSync(process.execPath, [join(buildDir, 'apps/identity/src/audit-cli.js'), 'verify', '--no-jetstream'], {
        env: { ...process.env, ...cliEnv(), LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(`BROKEN at entry #${Number(victim.seq) + 1}`);
    } finally {
      rmSync(buildDir, { recursive: true, force: true });
    }

    // A replay from the event store repairs the log.
    await repair(rows);
  });
});
