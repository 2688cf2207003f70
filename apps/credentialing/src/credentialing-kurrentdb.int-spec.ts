/**
 * The credentialing service on EVENT_STORE=kurrentdb: its Nest module booted as the
 * service runs, with the in-process KurrentDB fake client injected (no KurrentDB server can run
 * here), against the real Postgres (read models, mirrors, checkpoints) and NATS JetStream. The
 * directory's ProfileCreated events on JetStream fill the profile mirror (Postgres, as before); a
 * master admin starts a provider's file and declares its application over RPC (the events in
 * KurrentDB, none in the Postgres events table, each reply read back from the projected grid);
 * after an LEIE import naming the provider's NPI the screening records the finding in the file
 * and raises the Danger alert into the provider's alert stream in KurrentDB, once however often
 * it screens that day, which the relay publishes as MonitoringAlertRaised.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentialing, healthRpc } from '@app/contracts';
import { eventually } from '@app/testing';
import { fakeStream, startServiceOnKurrentFake, type KurrentServiceUnderTest } from '../../../libs/nest-kit/src/kurrentdb-service.fixture';
import { importLeie } from './import-exclusions/leie-importer';
import { leieCsvLine } from './import-exclusions/leie-record';
import { leieSampleLines, writeLeieFile } from './import-exclusions/sample-leie';
import { ExclusionScreeningService } from './infrastructure/exclusion-screening.service';

jest.setTimeout(120_000);

const R = credentialing.CREDENTIALING_RPC;
let svc: KurrentServiceUnderTest;
let dir: string;
const provider = randomUUID();
const admin = randomUUID();
const npi = '1987654321';
const published: { subject: string; data: { id: string; data: Record<string, unknown> } }[] = [];

beforeAll(async () => {
  svc = await startServiceOnKurrentFake({
    context: 'credentialing',
    load: async () => ({ module: (await import('./credentialing.module')).CredentialingModule, storage: (await import('./storage')).credentialingStorage }),
  });
  dir = mkdtempSync(join(tmpdir(), 'credentialing-kurrent-'));
  const sub = svc.nc.subscribe(`${svc.prefix}.events.credentialing.>`);
  void (async () => {
    for await (const m of sub) published.push({ subject: m.subject, data: m.json() });
  })();
});

afterAll(async () => {
  await svc?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The directory's ProfileCreated on JetStream, as its relay publishes it. */
function publishProfile(profileId: string, opts: { provider: boolean; masterAdmin: boolean; npi: string | null; last: string }): Promise<number> {
  const data = {
    profileId,
    userName: `kurrent${opts.last.toLowerCase()}`,
    email: `${opts.last.toLowerCase()}@clinic.test`,
    roles: { isAdmin: opts.masterAdmin, isProvider: opts.provider, isMasterAdmin: opts.masterAdmin },
    details: { npi: opts.npi, firstName: 'Kay', middleName: null, lastName: opts.last, displayName: null, mailingAddress: { state: 'NY' } },
  };
  return svc.publishEvent('directory', 'ProfileCreated', randomUUID(), data);
}

const asAdmin = <T>(fn: () => Promise<T>) => svc.runAs(admin, fn, ['masterAdmin']);
const eventsInPostgres = async () => Number((await svc.pg.query('SELECT count(*)::int AS n FROM credentialing.events')).rows[0].n);

describe('credentialing on EVENT_STORE=kurrentdb (in-process fake client)', () => {
  it("starts a provider's file and declares its application into KurrentDB, each reply read back from the projected grid", async () => {
    // The relay makes the JetStream stream at boot; publishing waits for it.
    await eventually(() => publishProfile(provider, { provider: true, masterAdmin: false, npi, last: 'Provider' }));
    await publishProfile(admin, { provider: false, masterAdmin: true, npi: null, last: 'Admin' });
    await eventually(async () => {
      const { rows } = await svc.pg.query('SELECT id FROM credentialing.credentialing_profiles WHERE id = ANY($1::uuid[])', [[provider, admin]]);
      expect(rows).toHaveLength(2);
    });

    const started = await asAdmin(() => svc.requester.call(R.startFile, { providerId: provider }));
    expect(started.file).toMatchObject({ providerId: provider, cycle: 1, provider: { npi } });
    const declared = await asAdmin(() => svc.requester.call(R.declareApplication, { providerId: provider, hasDea: false, hasBoardCertification: false }));
    expect(declared.file.application).toEqual({ hasDea: false, hasBoardCertification: false });
    const { rows } = await svc.pg.query<{ cycle: number }>('SELECT cycle FROM credentialing.credentialing_files WHERE provider_id = $1', [provider]);
    expect(rows).toEqual([{ cycle: 1 }]);

    const stream = await fakeStream(svc.fake, `credentialing-${provider}`);
    expect(stream.length).toBeGreaterThanOrEqual(2);
    expect(stream[0].metadata).toMatchObject({ actorId: admin });
    expect(await eventsInPostgres()).toBe(0);
    // The file is started once: a second start while the cycle is open is refused by the decider on KurrentDB's stream.
    await expect(asAdmin(() => svc.requester.call(R.startFile, { providerId: provider }))).rejects.toMatchObject({ kind: 'conflict' });
  });

  it("records the LEIE screening's finding in the file and raises its alert into KurrentDB once, published by the relay", async () => {
    const file = join(dir, 'UPDATED.csv');
    await writeLeieFile(file, [...leieSampleLines(50, [], 7), leieCsvLine({ LASTNAME: 'PROVIDER', FIRSTNAME: 'KAY', NPI: npi, STATE: 'NY', EXCLTYPE: '1128b4', EXCLDATE: '20260201' })]);
    await importLeie({ databaseUrl: svc.db.url, schema: 'credentialing', file });

    const screening = svc.app.get(ExclusionScreeningService);
    const report = await screening.screen({ kind: 'providers', providerIds: [provider] }, { record: 'always' });
    expect(report).toMatchObject({ newMatches: 1, recorded: 1, alerts: 1 });
    const reply = await asAdmin(() => svc.requester.call(R.getFile, { providerId: provider }));
    expect((reply.file?.verifications ?? []).filter((v) => v.source === 'OIG LEIE').at(-1)).toMatchObject({ result: 'Discrepancy', method: 'automatic' });

    // The same day again: the match is not new, and the alert's id makes a second raise store nothing.
    const again = await screening.screen({ kind: 'providers', providerIds: [provider] }, { record: 'always' });
    expect(again.newMatches).toBe(0);
    const alerts = await fakeStream(svc.fake, `credentialing-alerts-${provider}`);
    expect(alerts.map((e) => e.type)).toEqual(['MonitoringAlertRaised']);
    expect(await eventsInPostgres()).toBe(0);

    const raised = await eventually(() => {
      const found = published.find((p) => p.subject === `${svc.prefix}.events.credentialing.MonitoringAlertRaised` && p.data.data.providerId === provider);
      if (!found) throw new Error('MonitoringAlertRaised not published yet');
      return found;
    });
    expect(raised.data.data).toMatchObject({ kind: 'exclusion-excluded', alertLevel: 'Danger', recipients: [admin] });
    await eventually(async () => {
      const health = await svc.requester.call(healthRpc('credentialing'), {});
      expect(health).toMatchObject({ status: 'up', relay: { lag: 0 } });
      expect(health.projections.every((p) => p.lag === 0 && p.state === 'running')).toBe(true);
    });
  });
});
