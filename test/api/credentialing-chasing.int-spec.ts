/**
 * Chasing missing items, through the running services: staff set the practice's cadence
 * (`PUT /api/v1/credentialing/practices/{id}/chasing`, 400 naming the field, 403 for others); the
 * daily chase with an injected clock asks the provider by email every N days, at most M times per
 * item, never twice on a re-run, no more for an item once it closes, each chase a line of the file's history.
 */
import { randomUUID } from 'node:crypto';
import { Client, Pool } from 'pg';
import request from 'supertest';
import { PostgresEventStore } from '@app/event-store';
import { addDays } from '../../apps/credentialing/src/domain/calendar';
import type { CredentialingEvent } from '../../apps/credentialing/src/domain/credentialing-file.events';
import { ItemsChase } from '../../apps/credentialing/src/chase-items/items-chase';
import { MonitoringAlerts } from '../../apps/credentialing/src/monitoring-alerts/monitoring-alerts';
import { givenFile } from '../support/credentialing-files';
import { lastMessage, registerAccount, signIn, type TestAccount, uniqueMobile } from '../support/identity';
import { startTestSystem, type TestSystem } from '../support/system';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';

let sys: TestSystem;
let pg: Client;
let pool: Pool;
let admin: string;
let practiceId: string;
let provider: TestAccount;
const tokens: Record<'provider' | 'credentialer' | 'member', string> = {} as never;

const api = () => request(sys.baseUrl);
const today = () => new Date().toISOString().slice(0, 10);
const chasing = (id: string) => `/api/v1/credentialing/practices/${id}/chasing`;
const file = (id: string) => `/api/v1/credentialing/files/${id}`;

async function expectError(res: request.Response, status: number, field?: string) {
  expect([res.status, res.body.success, field ? res.body.field : undefined]).toEqual([status, false, field]);
}

/** A file just opened (Application): nothing answered nor added yet. */
function openedFile(providerId: string): CredentialingEvent[] {
  const e = { providerId, cycleId: randomUUID() };
  const at = new Date(Date.now() - 60_000).toISOString();
  return [
    { type: 'FileStarted', data: { ...e, cycle: 1, reason: 'initial', startedAt: at, startedBy: providerId } },
    { type: 'FileStatusChanged', data: { ...e, from: null, to: 'Not Started', at, by: providerId, why: 'Initial credentialing' } },
    { type: 'FileStatusChanged', data: { ...e, from: 'Not Started', to: 'Application', at, by: providerId, why: 'Application started' } },
  ];
}

beforeAll(async () => {
  sys = await startTestSystem({ label: 'cred-chasing', contexts: ['identity', 'directory', 'practices', 'notifications', 'credentialing'], env: { MONITORING_SCHEDULE: 'off' } });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  pool = new Pool({ connectionString: sys.db.url, max: 3, options: '-c search_path=credentialing,public' });
  await until(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 90_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  const mobile = () => uniqueMobile('+1303558');
  const staffRoles = { isAdmin: false, isProvider: false, isAuditor: false };
  provider = await registerAccount(sys, { mobile: mobile(), firstName: 'Cass', lastName: 'Chased' });
  const credentialer = await registerAccount(sys, { mobile: mobile(), roles: staffRoles });
  const member = await registerAccount(sys, { mobile: mobile(), roles: staffRoles });
  const owner = await registerAccount(sys, { mobile: mobile(), roles: staffRoles });
  tokens.provider = (await signIn(sys, provider)).token;
  tokens.credentialer = (await signIn(sys, credentialer)).token;
  tokens.member = (await signIn(sys, member)).token;
  const people = [provider.userId, credentialer.userId, member.userId, owner.userId];
  await until(async () => (await pg.query('SELECT 1 FROM practices.practice_people WHERE id = ANY($1)', [people])).rowCount === 4, 90_000);
  const stamp = Date.now().toString(36).slice(-5);
  const practice = await api()
    .put('/api/users/addPractice')
    .set(bearer(admin))
    .send({
      npi: '1679576722',
      practiceName: 'Saratoga Family Medicine',
      displayName: 'Saratoga',
      userName: `saratoga${stamp}`,
      streetAddress: '100 Broadway',
      city: 'Saratoga Springs',
      state: 'NY',
      zip: '12866',
      email: `office${stamp}@saratoga.test`,
      phone: '(518) 555-0101',
      practiceOwners: [
        { id: owner.userId, fullName: 'Owner', accessType: 'Practice Owner' },
        { id: credentialer.userId, fullName: 'Credentialer', accessType: 'Credentialer' },
        { id: member.userId, fullName: 'Member', accessType: 'Member' },
        { id: provider.userId, fullName: 'Provider', accessType: 'Provider' },
      ],
    });
  expect([200, 404]).toContain(practice.status);
  // Credentialing learns the memberships that matter to it (the provider, the credentialing staff).
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_memberships WHERE user_id = ANY($1)', [[provider.userId, credentialer.userId]])).rowCount === 2, 90_000);
  practiceId = (await pg.query('SELECT practice_id FROM credentialing.credentialing_memberships WHERE user_id = $1', [credentialer.userId])).rows[0].practice_id;
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_profiles WHERE id = $1', [provider.userId])).rowCount === 1, 90_000);
  await givenFile(sys.db.url, provider.userId, openedFile(provider.userId));
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_files WHERE provider_id = $1', [provider.userId])).rowCount === 1, 60_000);
}, 240_000);

afterAll(async () => {
  await pool?.end();
  await pg?.end();
  await sys?.stop();
});

describe("the practice's chasing cadence", () => {
  it('defaults to every 7 days, at most 4 times; staff set it; 400 naming the field; 403 for the provider and a Member', async () => {
    expect((await api().get(chasing(practiceId)).set(bearer(tokens.credentialer)).expect(ok)).body).toMatchObject({ everyDays: 7, maxTimes: 4, custom: false });
    await expectError(await api().put(chasing(practiceId)).set(bearer(tokens.credentialer)).send({ everyDays: 0, maxTimes: 2 }), 400, 'everyDays');
    await expectError(await api().put(chasing(practiceId)).set(bearer(tokens.credentialer)).send({ everyDays: 3, maxTimes: 'often' }), 400, 'maxTimes');
    await expectError(await api().put(chasing('not-an-id')).set(bearer(tokens.credentialer)).send({ everyDays: 3, maxTimes: 2 }), 400, 'practiceId');
    await expectError(await api().put(chasing(practiceId)).set(bearer(tokens.provider)).send({ everyDays: 3, maxTimes: 2 }), 403);
    await expectError(await api().put(chasing(practiceId)).set(bearer(tokens.member)).send({ everyDays: 3, maxTimes: 2 }), 403);
    expect((await api().get(chasing(practiceId)).set(bearer(tokens.credentialer)).expect(ok)).body).toMatchObject({ custom: false });
    const set = await api().put(chasing(practiceId)).set(bearer(tokens.credentialer)).send({ everyDays: 3, maxTimes: 2 }).expect(ok);
    expect(set.body).toMatchObject({ practiceId, everyDays: 3, maxTimes: 2, custom: true });
  });
});

describe('the daily chase (injected clock)', () => {
  it('every 3 days, at most 2 times, once a day, not for an item closed, each chase in the history and emailed', async () => {
    const store = new PostgresEventStore(pool, { schema: 'credentialing' });
    const runOn = (day: string) => new ItemsChase(pool, store, new MonitoringAlerts(pool, store), () => new Date(`${day}T12:00:00Z`)).run();
    const chases = async () =>
      (await pg.query(`SELECT item_key, chase, to_char(sent_on, 'YYYY-MM-DD') AS sent_on FROM credentialing.credentialing_chases WHERE provider_id = $1 ORDER BY sent_on, item_key`, [provider.userId])).rows as {
        item_key: string;
        chase: number;
        sent_on: string;
      }[];
    const d0 = today();
    await runOn(d0);
    const first = await chases();
    expect(first.map((r) => r.item_key)).toEqual(expect.arrayContaining(['application-unanswered', 'missing-state-license', 'attestation-missing']));
    expect(first.every((r) => r.chase === 1 && r.sent_on === d0)).toBe(true);
    await runOn(d0);
    await runOn(addDays(d0, 2));
    expect(await chases()).toHaveLength(first.length);
    const mail = await until(async () => {
      const m = await lastMessage(sys, provider.email).catch(() => undefined);
      return m && m.channel === 'email' && /missing items/.test(m.subject ?? '') ? m : undefined;
    }, 60_000);
    expect(mail.body).toContain('Sign in to see them');

    // The provider answers the application: that item closes and is not chased again.
    await api().post(`${file(provider.userId)}/application`).set(bearer(tokens.provider)).send({ hasDea: false, hasBoardCertification: false }).expect(ok);
    await runOn(addDays(d0, 3));
    const second = (await chases()).filter((r) => r.chase === 2);
    expect(second.length).toBe(first.length - 1);
    expect(second.map((r) => r.item_key)).not.toContain('application-unanswered');
    // At most 2 times.
    await runOn(addDays(d0, 6));
    await runOn(addDays(d0, 30));
    expect(await chases()).toHaveLength(first.length + second.length);

    const history = (await api().get(file(provider.userId)).set(bearer(tokens.credentialer)).expect(ok)).body.file.activity as { what: string; by: string }[];
    const lines = history.filter((a) => a.what.startsWith('Chased the provider by email for missing items'));
    expect(lines).toHaveLength(2);
    expect(lines[0].what).toContain('(chase 1 of 2)');
    expect(lines[1].what).toContain('(chase 2 of 2)');
    expect(lines[1].what).not.toContain('application questions');
  });
});
