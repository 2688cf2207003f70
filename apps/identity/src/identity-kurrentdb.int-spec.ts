/**
 * The identity service on EVENT_STORE=kurrentdb: its Nest module booted as the
 * service runs, with the in-process KurrentDB fake client injected (no KurrentDB server can run
 * here), against the real Postgres (read models, password hashes, one-time secrets, throttling)
 * and NATS JetStream. The master admin is created, signs in (password, then the emailed code),
 * resets the password with an emailed temporary password; the events go to KurrentDB (none to
 * the Postgres events table), the claims are reservation streams. The side rows follow the
 * events (apps/identity/README.md, "KurrentDB"): a password hash whose event is not in the
 * account's stream is never accepted, and the old password is refused once the reset's event is in;
 * a registration refused by a taken claim leaves none of the rows written ahead; a throttle window
 * is written to its stream once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { healthRpc, identity } from '@app/contracts';
import { eventually } from '@app/testing';
import { fakeStream, startServiceOnKurrentFake, type KurrentServiceUnderTest } from '../../../libs/nest-kit/src/kurrentdb-service.fixture';
import { hashPassword } from './credentials/password-hasher';
import { Housekeeping } from './housekeeping';
import { ThrottleLog } from './throttling/throttle-log';

jest.setTimeout(120_000);

const R = identity.IDENTITY_RPC;
let svc: KurrentServiceUnderTest;
let dir: string;
const email = 'kurrent.master@clinic.test';
const userName = 'kurrentmaster';
const password = 'Kurrent#Pass1';
let accountId: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'identity-kurrent-'));
  process.env.ADMIN_PASSWORD_FILE = join(dir, 'master-admin-password');
  svc = await startServiceOnKurrentFake({
    context: 'identity',
    load: async () => ({ module: (await import('./identity.module')).IdentityModule, storage: (await import('./storage')).identityStorage }),
  });
});

afterAll(async () => {
  await svc?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The newest development-outbox message to `to` whose body matches `pattern`: its first group. */
async function mailed(to: string, pattern: RegExp, after: Set<string>): Promise<string> {
  return eventually(async () => {
    const messages = await svc.requester.call(R.devOutbox, { to });
    const found = messages.find((m) => !after.has(m.id) && pattern.test(m.body));
    if (!found) throw new Error(`no new message to ${to} yet`);
    after.add(found.id);
    return pattern.exec(found.body)![1];
  });
}
const seen = new Set<string>();

async function signIn(secret: string) {
  const challenge = await svc.requester.call(R.signIn, { usernameOrEmail: userName, password: secret });
  const code = await mailed(email, /\b(\d{6})\b/, seen);
  return svc.requester.call(R.verifySignInCode, { email: userName, _2faCode: code, _2faToken: challenge.twoFactorAuthToken });
}

const eventsInPostgres = async () => Number((await svc.pg.query('SELECT count(*)::int AS n FROM identity.events')).rows[0].n);

describe('identity on EVENT_STORE=kurrentdb (in-process fake client)', () => {
  it('creates the master admin into KurrentDB (claims as reservation streams) and signs in with password and emailed code', async () => {
    const created = await eventually(() => svc.requester.call(R.ensureMasterAdmin, { email, userName, password }));
    expect(created).toMatchObject({ created: true, userName });
    accountId = created.userId;
    // Once only: the master admin's claim (a reservation stream) is found.
    expect(await svc.requester.call(R.ensureMasterAdmin, { email, userName, password })).toMatchObject({ created: false, userId: accountId });

    const session = await signIn(password);
    expect(session).toMatchObject({ userId: accountId, user: expect.objectContaining({ userName }) });
    await expect(svc.requester.call(R.signIn, { usernameOrEmail: email, password: 'Wrong#Pass1' })).rejects.toMatchObject({ kind: 'unauthorized' });

    const stream = await fakeStream(svc.fake, `account-${accountId}`);
    expect(stream.map((e) => e.type)).toEqual(expect.arrayContaining(['AccountRegistered', 'SignInCodeIssued', 'SignInSucceeded']));
    expect(svc.fake.requests.some((r) => r.kind === 'append' && r.streamName.startsWith('@claim-'))).toBe(true);
    expect(await eventsInPostgres()).toBe(0);
    expect(Number((await svc.pg.query('SELECT count(*)::int AS n FROM identity.claims')).rows[0].n)).toBe(0);
    expect(Number((await svc.pg.query('SELECT count(*)::int AS n FROM identity.credentials')).rows[0].n)).toBe(0);
    // The sign-in code's secret is gone once used (removed after the event that closed it).
    expect(Number((await svc.pg.query(`SELECT count(*)::int AS n FROM identity.one_time_secrets WHERE purpose = 'sign-in'`)).rows[0].n)).toBe(0);
  });

  it('never accepts a password hash whose event is not in the stream (written ahead of an append that did not happen)', async () => {
    const intruder = 'Intruder#Pass1';
    await svc.pg.query('INSERT INTO identity.credential_hashes (event_id, account_id, password_hash) VALUES ($1, $2, $3)', [randomUUID(), accountId, await hashPassword(intruder)]);
    await expect(svc.requester.call(R.signIn, { usernameOrEmail: userName, password: intruder })).rejects.toMatchObject({ kind: 'unauthorized' });
    // The password whose event is in still signs in.
    expect(await signIn(password)).toMatchObject({ userId: accountId });

    // An hour on, housekeeping deletes the hash whose event never came, and keeps the one whose event is in.
    await svc.pg.query(`UPDATE identity.credential_hashes SET created_at = now() - interval '2 hours' WHERE account_id = $1`, [accountId]);
    await svc.app.get(Housekeeping).run();
    const { rows } = await svc.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM identity.credential_hashes WHERE account_id = $1', [accountId]);
    expect(rows[0].n).toBe(1);
    expect(await signIn(password)).toMatchObject({ userId: accountId });
  });

  it('resets the password with an emailed temporary password: the new one signs in, the old one is refused once its event is in', async () => {
    expect(await svc.requester.call(R.sendTempPassword, { email })).toMatchObject({ success: true });
    const temporary = await mailed(email, /temporary password is (\S+)/, seen);
    const next = 'Kurrent#Next2';
    expect(await svc.requester.call(R.resetPassword, { email, tempPassword: temporary, newPassword: next, confirmNewPassword: next })).toEqual({ success: true });
    await expect(svc.requester.call(R.signIn, { usernameOrEmail: userName, password })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(await signIn(next)).toMatchObject({ userId: accountId });
    // The temporary password is used up: it does not reset again.
    await expect(svc.requester.call(R.resetPassword, { email, tempPassword: temporary, newPassword: 'Kurrent#Third3', confirmNewPassword: 'Kurrent#Third3' })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    const types = (await fakeStream(svc.fake, `account-${accountId}`)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['TemporaryPasswordIssued', 'PasswordReset']));
    expect(await eventsInPostgres()).toBe(0);

    await eventually(async () => {
      const health = await svc.requester.call(healthRpc('identity'), {});
      expect(health).toMatchObject({ status: 'up', relay: { lag: 0 } });
      expect(health.projections.every((p) => p.lag === 0 && p.state === 'running')).toBe(true);
    });
  });

  it("registers an account with its password, and leaves no row of a registration refused by a taken email's claim", async () => {
    const refused = randomUUID();
    const request = (id: string, mail: string, name: string) => ({ accountId: id, invite: true, userName: name, email: mail, password: 'Kurrent#User1', displayName: 'Kay User' });
    await expect(svc.requester.call(R.registerAccount, request(refused, email, 'kurrentuser'))).rejects.toMatchObject({ kind: 'conflict' });
    // Its hash and temporary password were written ahead of the append that the claim refused: both gone.
    expect((await svc.pg.query('SELECT count(*)::int AS n FROM identity.credential_hashes WHERE account_id = $1', [refused])).rows[0].n).toBe(0);
    expect((await svc.pg.query('SELECT count(*)::int AS n FROM identity.one_time_secrets WHERE account_id = $1', [refused])).rows[0].n).toBe(0);
    expect(await fakeStream(svc.fake, `account-${refused}`)).toEqual([]);

    const user = randomUUID();
    expect(await svc.requester.call(R.registerAccount, request(user, 'kurrent.user@clinic.test', 'kurrentuser'))).toEqual({ userId: user, userName: 'kurrentuser' });
    const challenge = await svc.requester.call(R.signIn, { usernameOrEmail: 'kurrent.user@clinic.test', password: 'Kurrent#User1' });
    expect(challenge.twoFactorAuthToken).toEqual(expect.any(String));
    // The invitation's temporary password stands (its event is in the stream).
    expect((await svc.pg.query(`SELECT count(*)::int AS n FROM identity.one_time_secrets WHERE account_id = $1 AND purpose = 'temporary-password'`, [user])).rows[0].n).toBe(1);
  });

  it("writes a throttle window that is over to its own stream once, its row deleted after the append (or by the next flush when that delete was lost)", async () => {
    const row = () =>
      svc.pg.query(
        `INSERT INTO identity.throttle_log (limit_name, subject, account_id, ip, window_start, window_seconds, attempts, first_at, last_at)
         VALUES ('ip-attempts', '', NULL, '203.0.113.9', '2026-01-01T00:00:00Z', 900, 7, '2026-01-01T00:01:00Z', '2026-01-01T00:09:00Z')`,
      );
    const rows = async () => Number((await svc.pg.query('SELECT count(*)::int AS n FROM identity.throttle_log').then((r) => r.rows[0].n)));
    const throttled = async () => {
      const out: string[] = [];
      for await (const e of svc.fake.readAll()) if (e.event?.type === 'AttemptsThrottled') out.push(e.event.streamId);
      return out;
    };
    await row();
    const log = svc.app.get(ThrottleLog);
    expect(await log.flush()).toBe(1);
    expect(await rows()).toBe(0);
    const [stream] = await throttled();
    expect(stream).toMatch(/^throttled-/);
    expect((await fakeStream(svc.fake, stream)).map((e) => e.type)).toEqual(['AttemptsThrottled']);
    // The same window again, as if the delete after the append had been lost: the stream is there, the row goes, nothing is appended.
    await row();
    expect(await log.flush()).toBe(0);
    expect(await rows()).toBe(0);
    expect(await throttled()).toEqual([stream]);
  });
});
