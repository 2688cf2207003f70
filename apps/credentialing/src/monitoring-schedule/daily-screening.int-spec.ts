/**
 * The daily exclusion screening at scale's rules, with an injected clock over 75 days:
 * before any LEIE import nothing is screened or recorded (no 'Verified' without a source); the
 * first run once a mirror exists records every file; then each day records about files / 30 of the
 * oldest records, so that every file always has an OIG LEIE verification at most 30 days old; a
 * new exclusion is recorded (and alerted) by the run that first sees it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { PostgresEventStore } from '@app/event-store';
import { migrateService, type EventPipeline } from '@app/nest-kit';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { addDays, daysBetween } from '../domain/calendar';
import { importLeie } from '../import-exclusions/leie-importer';
import { leieCsvLine } from '../import-exclusions/leie-record';
import { leieSampleLines, writeLeieFile } from '../import-exclusions/sample-leie';
import { CredentialingWriter } from '../infrastructure/credentialing.writer';
import { ExclusionScreeningService, SCREENING_WINDOW_DAYS } from '../infrastructure/exclusion-screening.service';
import { MonitoringAlerts } from '../monitoring-alerts/monitoring-alerts';
import { credentialingStorage } from '../storage';

const FILES = 90;
const START = '2026-01-01';
let db: TestDatabase;
let pool: Pool;
let dir: string;
let writer: CredentialingWriter;
let screening: ExclusionScreeningService;
let day = START;
const ids: string[] = [];
const npiOf = (i: number) => `2${String(i + 1).padStart(9, '0')}`;

beforeAll(async () => {
  db = await createTestDatabase('daily_screening');
  await migrateService(db.url, { ...credentialingStorage, schema: 'credentialing' });
  pool = new Pool({ connectionString: db.url, max: 3, options: '-c search_path=credentialing,public' });
  dir = mkdtempSync(join(tmpdir(), 'daily-screening-'));
  const store = new PostgresEventStore(pool, { schema: 'credentialing', logger: { log: () => undefined, warn: () => undefined, error: () => undefined } });
  await store.ensureSchema();
  // No projection runs here: the files grid rows are written below as the projection would.
  writer = new CredentialingWriter(store, { projected: async () => true } as unknown as EventPipeline, { requireExclusionScreening: true });
  screening = new ExclusionScreeningService(pool, writer, new MonitoringAlerts(pool, store), () => new Date(`${day}T06:00:00Z`));
  for (let i = 0; i < FILES; i++) {
    const id = randomUUID();
    ids.push(id);
    await pool.query(`INSERT INTO credentialing_profiles (id, first_name, last_name, npi, state, is_provider) VALUES ($1, $2, $3, $4, 'NY', true)`, [id, `Pat${i}`, `Daily${i}`, npiOf(i)]);
    await writer.execute({ type: 'StartFile', data: { providerId: id, actor: { userId: 'admin', role: 'masterAdmin' }, now: new Date(`${START}T05:00:00Z`), cycleId: randomUUID() } }, { awaitProjection: false });
    await pool.query(`INSERT INTO credentialing_files (provider_id, cycle, status, open_items, last_change, state) VALUES ($1, 1, 'Not Started', 0, now(), '{}'::jsonb)`, [id]);
  }
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The file's latest OIG LEIE verification, from its event stream. */
const latest = async (id: string) => (await writer.load(id)).current?.verifications.filter((v) => v.source === 'OIG LEIE').at(-1);

describe('the daily exclusion screening (injected clock)', () => {
  it("records nothing before any LEIE import: no 'Verified' without a source, the run not done", async () => {
    const daily = await screening.daily();
    expect(daily).toMatchObject({ unavailable: true, recorded: 0 });
    const checks = await screening.screen({ kind: 'providers', providerIds: [ids[0]] }, { record: 'always' });
    expect(checks).toMatchObject({ unavailable: true, recorded: 0 });
    expect(await latest(ids[0])).toBeUndefined();
    expect(Number((await pool.query(`SELECT count(*) AS n FROM exclusion_screenings`)).rows[0].n)).toBe(0);
  });

  it('records every file once a mirror exists, renews about files/30 a day so that no record is older than 30 days, and records a new exclusion the same run', async () => {
    const full = join(dir, 'UPDATED.csv');
    await writeLeieFile(full, leieSampleLines(300, [], 5));
    await importLeie({ databaseUrl: db.url, schema: 'credentialing', file: full });
    const progress: string[] = [];
    const first = await screening.daily((line) => progress.push(line));
    expect(first).toMatchObject({ files: FILES, changed: FILES, recorded: FILES, budget: Math.ceil(FILES / SCREENING_WINDOW_DAYS) });
    expect(progress.at(-1)).toMatch(/90 of 90 files recorded/);
    expect(await latest(ids[5])).toMatchObject({ result: 'Verified', verifiedOn: START, method: 'automatic' });

    let renewedInFirstWindow = 0;
    for (let d = 1; d <= 75; d++) {
      day = addDays(START, d);
      if (d === 45) {
        // A supplement excludes the eighth provider by NPI: the next run records and alerts it.
        const sup = join(dir, `supplement-${d}.csv`);
        await writeLeieFile(sup, [leieCsvLine({ LASTNAME: 'ELSEWHERE', FIRSTNAME: 'SOMEONE', NPI: npiOf(7), STATE: 'FL', EXCLTYPE: '1128b4', EXCLDATE: '20260201' })]);
        await importLeie({ databaseUrl: db.url, schema: 'credentialing', file: sup, supplement: true });
      }
      const run = await screening.daily();
      expect(run.renewed).toBeLessThanOrEqual(run.budget);
      if (d <= SCREENING_WINDOW_DAYS) renewedInFirstWindow += run.renewed;
      if (d === 45) {
        expect(run).toMatchObject({ newMatches: 1, changed: 1, alerts: expect.any(Number) });
        expect(await latest(ids[7])).toMatchObject({ result: 'Discrepancy', verifiedOn: day });
        expect((await writer.load(ids[7])).current?.exclusion).toBe('Excluded');
      } else expect(run.changed).toBe(0);
      const { rows } = await pool.query<{ oldest: string; n: number }>(`SELECT to_char(min(recorded_on), 'YYYY-MM-DD') AS oldest, count(*)::int AS n FROM exclusion_screenings`);
      expect(rows[0].n).toBe(FILES);
      expect(daysBetween(rows[0].oldest, day)).toBeLessThanOrEqual(SCREENING_WINDOW_DAYS);
      if (d % 25 === 0)
        for (const id of ids) {
          const v = await latest(id);
          expect(daysBetween(v!.verifiedOn, day)).toBeLessThanOrEqual(SCREENING_WINDOW_DAYS);
        }
    }
    // Spread evenly: the first window renewed each file once, 3 a day.
    expect(renewedInFirstWindow).toBe(FILES);
  }, 300_000);
});
