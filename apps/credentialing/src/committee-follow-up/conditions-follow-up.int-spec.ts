/**
 * The follow-up of an approval's conditions: reminded once on (or after) its date, never before,
 * never for a file no longer approved; a second run of the day reminds nothing new.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { migrateService } from '@app/nest-kit';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import type { ProviderNotices } from '../notify-provider/provider-notices';
import { credentialingStorage } from '../storage';
import { ConditionsFollowUp } from './conditions-follow-up';

let db: TestDatabase;
let pool: Pool;
const raised: unknown[][] = [];
const notices = { raise: async (...args: unknown[]) => void raised.push(args) } as unknown as ProviderNotices;

const state = (cycleId: string, followUpOn: string) => ({
  current: { cycleId, committee: { route: 'flagged', flagsAtSubmission: [], outcomes: [{ outcome: 'approve-with-conditions', conditions: 'Proctoring', followUpOn, meetingId: randomUUID(), reasons: [], note: null, questions: null, at: '', by: '' }] } },
});
async function file(status: string, cycleId: string, followUpOn: string): Promise<string> {
  const id = randomUUID();
  await pool.query(`INSERT INTO credentialing_files (provider_id, cycle, status, open_items, last_change, state) VALUES ($1, 1, $2, 0, now(), $3::jsonb)`, [id, status, JSON.stringify(state(cycleId, followUpOn))]);
  return id;
}

beforeAll(async () => {
  db = await createTestDatabase('conditions_follow_up');
  await migrateService(db.url, { ...credentialingStorage, schema: 'credentialing' });
  pool = new Pool({ connectionString: db.url, max: 2, options: '-c search_path=credentialing,public' });
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

it('reminds the provider and staff once on the follow-up date, not before, not for a file no longer approved', async () => {
  const cycleId = randomUUID();
  const due = await file('Approved', cycleId, '2027-03-01');
  await file('Approved', randomUUID(), '2027-03-02');
  await file('Denied', randomUUID(), '2027-02-01');
  const run = new ConditionsFollowUp(pool, notices);
  expect(await run.run('2027-02-28')).toBe(0);
  expect(await run.run('2027-03-01')).toBe(1);
  expect(raised).toEqual([[due, 'conditions-follow-up', `conditions:${due}:${cycleId}:2027-03-01`, '2027-03-01', 'system']]);
  expect(await run.run('2027-03-01')).toBe(0);
  expect(raised).toHaveLength(1);
});
