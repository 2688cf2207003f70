import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { eventually } from '@app/testing';
import { startTestSystem, type TestSystem } from '../support/system';
import { STRONG_PASSWORD, db, registerAccount, signIn } from '../support/identity';

/** The hash-chained security log: verify, export and replay (functions and the compiled CLI). */
let sys: TestSystem;
let pg: Awaited<ReturnType<typeof db>>;
let audit: typeof import('../../apps/identity/src/security-log/audit');
let cli: typeof import('../../apps/identity/src/audit-cli');
let aliceId: string;

const SECURITY_TYPES_SQL = `type IN ('AccountRegistered','SignInCodeIssued','SignInCodeResent','SignInCodeRejected','SignInSucceeded','SignedOut',
  'SessionsRevoked','TemporaryPasswordIssued','PasswordResetFailed','PasswordReset','Reauthenticated','ReauthenticationFailed',
  'VerificationCodeIssued','VerificationCodeRejected','PasswordChanged','EmailChanged','MobileChanged','AccountRolesChanged','SignInFailed')`;

async function runCli(args: string[]) {
  let out = '';
  let err = '';
  const code = await cli.runAuditCli(args, {
    env: { DATABASE_URL: sys.db.url, DATABASE_SCHEMA: 'identity' },
    out: (s) => (out += s),
    err: (s) => (err += s),
  });
  return { code, out, err };
}

beforeAll(async () => {
  sys = await startTestSystem({ label: 'idaudit', contexts: ['identity'] });
  pg = await db(sys);
  audit = await import('../../apps/identity/src/security-log/audit');
  cli = await import('../../apps/identity/src/audit-cli');
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
  await sys?.stop();
});

async function chain() {
  const { rows } = await pg.query('SELECT seq, event_id, prev_hash, hash FROM identity.security_log ORDER BY seq');
  return rows as Array<{ seq: string; event_id: string; prev_hash: string; hash: string }>;
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
    const types = (await pg.query('SELECT DISTINCT type FROM identity.security_log')).rows.map((r) => r.type).sort();
    expect(types).toEqual(expect.arrayContaining(['AccountRegistered', 'SignInCodeIssued', 'SignInFailed', 'SignInSucceeded', 'SignedOut']));
    const all = JSON.stringify((await pg.query('SELECT * FROM identity.security_log')).rows);
    expect(all).not.toMatch(/Wrong-Password|Lantern-Quarry|argon2|ghost@clinic/);
    const withMeta = await pg.query(`SELECT ip FROM identity.security_log WHERE type = 'SignInSucceeded' AND account_id = $1`, [aliceId]);
    expect(withMeta.rows[0].ip).toBe('192.0.2.10');
  });

  it('verifies: entry count, head hash, intact', async () => {
    const rows = await chain();
    const r = await audit.verifySecurityLog(pg, 'identity');
    expect(r).toEqual({ count: rows.length, headHash: rows[rows.length - 1].hash, broken: null });
    const out = await runCli(['verify']);
    expect(out.code).toBe(0);
    expect(out.out).toContain(`entries: ${rows.length}`);
    expect(out.out).toContain(`head hash: ${r.headHash}`);
    expect(out.out).toContain('chain: intact');
  });

  it('exports jsonl and csv between two times, for one user', async () => {
    const all = await runCli(['export', '--format', 'jsonl']);
    expect(all.code).toBe(0);
    const lines = all.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength((await chain()).length);
    expect(lines[0]).toMatchObject({ seq: 1, type: 'AccountRegistered', label: 'Account created', hash: expect.any(String) });

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
      expect(text[0]).toBe('seq,time,type,label,userId,ip,browser,os,details,eventId,prevHash,hash');
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
      const run = spawnSync(process.execPath, [join(buildDir, 'apps/identity/src/audit-cli.js'), 'verify'], {
        env: { ...process.env, DATABASE_URL: sys.db.url, DATABASE_SCHEMA: 'identity', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(`BROKEN at entry #${Number(victim.seq) + 1}`);
    } finally {
      rmSync(buildDir, { recursive: true, force: true });
    }

    // A replay from the event store repairs the log.
    await audit.replaySecurityLog({ databaseUrl: sys.db.url, schema: 'identity' });
    expect((await audit.verifySecurityLog(pg, 'identity')).broken).toBeNull();
    expect(await chain()).toEqual(rows);
  });
});
