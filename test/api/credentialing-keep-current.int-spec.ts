/**
 * Keeping the file current, through the running services: the attestation holds 120 days (its due
 * date on the grid, `Lapsed` after it, a grid filter and an open item); the daily reminders run
 * with an injected clock reminds the provider 15, 10 and 5 days before, each once (a re-run of the
 * same day sends nothing), by a notification and an email (the development outbox), and nothing
 * more once the provider has re-attested.
 */
import { randomUUID } from 'node:crypto';
import { Client, Pool } from 'pg';
import request from 'supertest';
import { PostgresEventStore } from '@app/event-store';
import { addDays } from '../../apps/credentialing/src/domain/calendar';
import type { CredentialingEvent } from '../../apps/credentialing/src/domain/credentialing-file.events';
import { MonitoringAlerts } from '../../apps/credentialing/src/monitoring-alerts/monitoring-alerts';
import { AttestationReminders } from '../../apps/credentialing/src/remind-attestation/attestation-reminders';
import { givenFile } from '../support/credentialing-files';
import { lastMessage, registerAccount, signIn, type TestAccount, uniqueMobile } from '../support/identity';
import { startTestSystem, type TestSystem } from '../support/system';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';

let sys: TestSystem;
let pg: Client;
let pool: Pool;
let admin: string;
let provider: TestAccount;
let lapsedProvider: TestAccount;
const tokens: Record<'provider' | 'lapsedProvider', string> = {} as never;

const api = () => request(sys.baseUrl);
const today = () => new Date().toISOString().slice(0, 10);
const mdy = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
const file = (id: string) => `/api/v1/credentialing/files/${id}`;
const ANSWERS = { unableToPerformEssentialFunctions: false, illegalDrugUse: false, lossOfLicenseOrFelony: false, limitationsOrDisciplinaryActions: false, currentMalpracticeCoverage: true };

/** A file in Application whose attestation was signed on `signedOn`. */
function attestedFile(providerId: string, signedOn: string, signature: string): CredentialingEvent[] {
  const e = { providerId, cycleId: randomUUID() };
  const at = new Date(Date.now() - 60_000).toISOString();
  const by = providerId;
  return [
    { type: 'FileStarted', data: { ...e, cycle: 1, reason: 'initial', startedAt: at, startedBy: by } },
    { type: 'FileStatusChanged', data: { ...e, from: null, to: 'Not Started', at, by, why: 'Initial credentialing' } },
    { type: 'FileStatusChanged', data: { ...e, from: 'Not Started', to: 'Application', at, by, why: 'Application started' } },
    { type: 'AttestationSigned', data: { ...e, attestation: { ...ANSWERS, signature, signedOn }, at, by } },
  ];
}

type Note = { heading: string; body: string; alertLevel: string };
const notificationsOf = async (token: string) => (await api().post('/api/v1/users/getNotifications').set(bearer(token)).send({ filter: 0 }).expect(ok)).body.notifications as Note[];
const gridRows = async (filters: Record<string, unknown>) =>
  (await api().post('/api/v1/credentialing/getFiles').set(bearer(admin)).send({ skip: 0, limit: 100, filters, sorting: {} }).expect(ok)).body.files as { providerId: string; attestationDueOn: string | null; attestation: string | null }[];

beforeAll(async () => {
  sys = await startTestSystem({ label: 'cred-current', contexts: ['identity', 'directory', 'practices', 'notifications', 'credentialing'], env: { MONITORING_SCHEDULE: 'off' } });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  pool = new Pool({ connectionString: sys.db.url, max: 3, options: '-c search_path=credentialing,public' });
  await until(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 30_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  provider = await registerAccount(sys, { mobile: uniqueMobile('+1303557'), firstName: 'Ria', lastName: 'Reminded' });
  lapsedProvider = await registerAccount(sys, { mobile: uniqueMobile('+1303557'), firstName: 'Lou', lastName: 'Lapsed' });
  tokens.provider = (await signIn(sys, provider)).token;
  tokens.lapsedProvider = (await signIn(sys, lapsedProvider)).token;
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_profiles WHERE id = ANY($1)', [[provider.userId, lapsedProvider.userId]])).rowCount === 2, 30_000);
  // Signed 100 days ago: due in 20 days. Signed 130 days ago: lapsed 10 days ago.
  await givenFile(sys.db.url, provider.userId, attestedFile(provider.userId, addDays(today(), -100), 'Ria Reminded'));
  await givenFile(sys.db.url, lapsedProvider.userId, attestedFile(lapsedProvider.userId, addDays(today(), -130), 'Lou Lapsed'));
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_files WHERE provider_id = ANY($1) AND attestation_due_on IS NOT NULL', [[provider.userId, lapsedProvider.userId]])).rowCount === 2, 60_000);
}, 240_000);

afterAll(async () => {
  await pool?.end();
  await pg?.end();
  await sys?.stop();
});

describe('re-attestation every 120 days', () => {
  it('the grid shows the due date and filters the lapsed attestations; the lapsed file has the open item', async () => {
    const rows = await gridRows({});
    expect(rows.find((r) => r.providerId === provider.userId)).toMatchObject({ attestationDueOn: addDays(today(), 20), attestation: null });
    expect(rows.find((r) => r.providerId === lapsedProvider.userId)).toMatchObject({ attestationDueOn: addDays(today(), -10), attestation: 'Lapsed' });
    const lapsed = await gridRows({ attestation: { filterType: 'exactMatch', value: 'Lapsed' } });
    expect(lapsed.map((r) => r.providerId)).toContain(lapsedProvider.userId);
    expect(lapsed.map((r) => r.providerId)).not.toContain(provider.userId);
    const own = (await api().get(file(lapsedProvider.userId)).set(bearer(tokens.lapsedProvider)).expect(ok)).body.file;
    expect(own.openItems).toContainEqual(expect.objectContaining({ code: 'attestation-lapsed', message: expect.stringContaining(`lapsed after ${addDays(today(), -10)}`) }));
  });
});

describe('the reminders at 15, 10 and 5 days (injected clock)', () => {
  it('each threshold once, by notification and email; a re-run of the day sends nothing; none after re-attesting', async () => {
    const store = new PostgresEventStore(pool, { schema: 'credentialing' });
    const runOn = (day: string) => new AttestationReminders(pool, new MonitoringAlerts(pool, store), () => new Date(`${day}T12:00:00Z`)).run();
    const due = addDays(today(), 20);
    const sent = async () =>
      (await pg.query(`SELECT threshold, to_char(sent_on, 'YYYY-MM-DD') AS sent_on FROM credentialing.monitoring_reminders WHERE subject_id = $1 ORDER BY sent_on`, [`attestation:${provider.userId}`])).rows;
    expect((await runOn(addDays(due, -16))).reminders).toBe(0);
    for (const threshold of [15, 10, 5]) {
      const day = addDays(due, -threshold);
      expect((await runOn(day)).reminders).toBeGreaterThanOrEqual(1);
      expect((await runOn(day)).reminders).toBe(0);
      const n = await until(async () => (await notificationsOf(tokens.provider)).find((x) => x.heading === `Attestation due in ${threshold} days`), 60_000);
      expect(n.body).toBe(`Your credentialing attestation is due on ${mdy(due)} (in ${threshold} days). Re-attest in the credentialing file.`);
      const mail = await until(async () => {
        const m = await lastMessage(sys, provider.email).catch(() => undefined);
        return m && m.channel === 'email' && (m.subject ?? '').includes(`due in ${threshold} days`) ? m : undefined;
      }, 60_000);
      expect(mail.body).toContain(`Your credentialing attestation is due on ${mdy(due)}`);
    }
    expect(await sent()).toEqual([
      { threshold: 15, sent_on: addDays(due, -15) },
      { threshold: 10, sent_on: addDays(due, -10) },
      { threshold: 5, sent_on: addDays(due, -5) },
    ]);
    // Each reminder is one event of the provider's alert stream, with when.
    const events = await pg.query(`SELECT data FROM credentialing.events WHERE stream_id = $1 AND type = 'MonitoringAlertRaised' ORDER BY global_position`, [`credentialing-alerts-${provider.userId}`]);
    expect(events.rows.map((r) => r.data.kind)).toEqual(['attestation-due', 'attestation-due', 'attestation-due']);
    expect(events.rows[0].data).toMatchObject({ recipients: [provider.userId], dueOn: due, daysLeft: 15 });

    // The provider re-attests today: due again in 120 days; the old thresholds send nothing.
    const signed = await api()
      .post(`${file(provider.userId)}/attestation`)
      .set(bearer(tokens.provider))
      .send({ ...ANSWERS, signature: 'Ria Reminded', signedOn: today() })
      .expect(ok);
    expect(signed.body.file.attestation.signedOn).toBe(today());
    await until(async () => (await gridRows({})).find((r) => r.providerId === provider.userId)?.attestationDueOn === addDays(today(), 120), 60_000);
    expect((await runOn(addDays(due, -5))).reminders).toBe(0);
    expect((await runOn(addDays(due, -1))).reminders).toBe(0);
    expect(await sent()).toHaveLength(3);
  });
});
