/**
 * The sanction and exclusion lists behind one port, through the gateway and the running services:
 * `GET /api/v1/exclusions/sources` (every list with its last import; staff only), the search across
 * every list naming each row's list (and one list by `source`; 400 naming it), and a SAM.gov import
 * screened by the running service: an NPI on SAM is `Excluded` on the provider's file, a name and
 * state a `Possible match` that staff resolve with evidence; an active Medicare opt-out a flag.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { withNpiCheckDigit } from '@app/validation';
import { importLeie } from '../../apps/credentialing/src/import-exclusions/leie-importer';
import { leieSampleLines, writeLeieFile } from '../../apps/credentialing/src/import-exclusions/sample-leie';
import { importList } from '../../apps/credentialing/src/sources/list/list-importer';
import { quotedLine } from '../../apps/credentialing/src/sources/list/source-list';
import { OPTOUT_COLUMNS, OPTOUT_LIST } from '../../apps/credentialing/src/sources/optout/optout.list';
import { SAM_COLUMNS, SAM_LIST } from '../../apps/credentialing/src/sources/sam/sam.list';
import { importRoster } from '../../apps/credentialing/src/sources/roster/roster-importer';
import { TX_ROSTER } from '../../apps/credentialing/src/sources/roster/states/tx';
import { registerAccount, signIn, uniqueMobile } from '../support/identity';
import { startTestSystem, type TestSystem } from '../support/system';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';

let sys: TestSystem;
let pg: Client;
let dir: string;
let admin: string;
let stranger: string;
const api = () => request(sys.baseUrl);
const stamp = Date.now().toString(36).slice(-5);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const people: Record<'onSam' | 'lookalike', { id: string; npi: string; first: string; last: string }> = {} as never;
const file = (id: string) => `/api/v1/credentialing/files/${id}`;

async function addProvider(key: keyof typeof people, first: string, last: string, npi: string) {
  const created = await api()
    .post('/api/v1/users/addUser')
    .set(bearer(admin))
    .send({ npi, firstName: first, lastName: last, email: `${key}${stamp}@lists.test`, mobile: uniqueMobile('+1303557'), mailingAddressStreet: '1 State Street', mailingAddressCity: 'Albany', mailingAddressState: 'NY', mailingAddressZip: '12207', phone: '518-555-0100' })
    .expect(ok);
  people[key] = { id: created.body.user._id as string, npi, first, last };
}

beforeAll(async () => {
  sys = await startTestSystem({ label: 'sources', contexts: ['identity', 'directory', 'practices', 'notifications', 'credentialing'], env: { MONITORING_TICK_MS: '500' } });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  dir = mkdtempSync(join(tmpdir(), 'sources-api-'));
  await until(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 120_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  stranger = (await signIn(sys, await registerAccount(sys, { mobile: uniqueMobile('+1303557') }))).token;
  await addProvider('onSam', 'Philippa', `Samsonite${stamp}`, withNpiCheckDigit(`1${String(Date.now()).slice(-8)}`));
  await addProvider('lookalike', 'Leopold', `Namesake${stamp}`, withNpiCheckDigit(`1${String(Date.now() + 11).slice(-8)}`));
  const ids = Object.values(people).map((p) => p.id);
  await until(async () => (await pg.query(`SELECT 1 FROM credentialing.credentialing_profiles WHERE id = ANY($1) AND state = 'NY'`, [ids])).rowCount === 2, 120_000);
  for (const p of Object.values(people)) await api().put('/api/v1/credentialing/files').set(bearer(admin)).send({ providerId: p.id }).expect(ok);
  // The screening needs an LEIE import (its gate): a small one without these providers.
  const leie = join(dir, 'UPDATED.csv');
  await writeLeieFile(leie, leieSampleLines(50, [], 5));
  await importLeie({ databaseUrl: sys.db.url, schema: 'credentialing', file: leie });
}, 480_000);

afterAll(async () => {
  await pg?.end();
  await sys?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the source lists', () => {
  it('a SAM.gov import is screened by the running service: an NPI on SAM is Excluded on the file, a name and state a Possible match resolved with evidence', async () => {
    const sam = (over: Record<string, string>) =>
      quotedLine(SAM_COLUMNS, { Classification: 'Individual', Country: 'USA', 'State / Province': 'NY', 'Excluding Agency': 'HHS', 'Exclusion Type': 'Prohibition/Restriction', 'Active Date': '03/19/2020', 'Termination Date': 'Indefinite', ...over });
    const path = join(dir, 'SAM_Exclusions_Public_Extract_test.CSV');
    writeFileSync(
      path,
      [
        quotedLine(SAM_COLUMNS, Object.fromEntries(SAM_COLUMNS.map((c) => [c, c]))),
        sam({ First: 'SOMEBODY', Last: 'ELSE', NPI: people.onSam.npi }),
        sam({ First: people.lookalike.first.toUpperCase(), Last: people.lookalike.last.toUpperCase() }),
      ].join('\r\n') + '\r\n',
    );
    const report = await importList({ databaseUrl: sys.db.url, schema: 'credentialing', list: SAM_LIST, file: path });
    expect(report).toMatchObject({ rowsImported: 2, rowsRejected: 0 });
    const excluded = await until(async () => {
      const f = (await api().get(file(people.onSam.id)).set(bearer(admin)).expect(ok)).body.file;
      return f.monitoring?.exclusion === 'Excluded' ? f : undefined;
    }, 60_000);
    const record = excluded.verifications.filter((v: { source: string }) => v.source === 'OIG LEIE').at(-1);
    expect(record.evidence.snapshot.matches[0]).toMatchObject({ kind: 'Excluded', row: { source: 'sam', npi: people.onSam.npi } });
    expect(record.note).toContain('SAM.gov exclusions');

    const matches = await until(async () => {
      const r = (await api().get(`${file(people.lookalike.id)}/exclusion-matches`).set(bearer(admin)).expect(ok)).body.matches as { matchId: string; kind: string; status: string; row: { source: string } }[];
      return r.length ? r : undefined;
    }, 60_000);
    expect(matches).toEqual([expect.objectContaining({ kind: 'Possible match', status: 'Open', row: expect.objectContaining({ source: 'sam' }) })]);
    const resolved = await api()
      .post(`${file(people.lookalike.id)}/exclusion-matches/${matches[0].matchId}/resolve`)
      .set(bearer(admin))
      .field('resolution', 'Not the same person')
      .field('note', 'Different date of birth on the SAM record')
      .attach('evidence', PDF, { filename: 'sam-record.pdf', contentType: 'application/pdf' })
      .expect(ok);
    expect(resolved.body.matches[0]).toMatchObject({ status: 'Not the same person', evidence: { fileName: 'sam-record.pdf' } });
    const after = (await api().get(file(people.lookalike.id)).set(bearer(admin)).expect(ok)).body.file;
    expect(after.monitoring.exclusion).toBeNull();
  }, 180_000);

  it('an active Medicare opt-out is a flag on the file, not an exclusion', async () => {
    const path = join(dir, 'optout.csv');
    writeFileSync(
      path,
      [
        quotedLine(OPTOUT_COLUMNS, Object.fromEntries(OPTOUT_COLUMNS.map((c) => [c, c]))),
        quotedLine(OPTOUT_COLUMNS, { 'First Name': people.lookalike.first, 'Last Name': people.lookalike.last, NPI: people.lookalike.npi, 'Optout Effective Date': '01/01/2026', 'Optout End Date': '12/31/2099', 'State Code': 'NY' }),
      ].join('\r\n') + '\r\n',
    );
    await importList({ databaseUrl: sys.db.url, schema: 'credentialing', list: OPTOUT_LIST, file: path });
    const matches = await until(async () => {
      const r = (await api().get(`${file(people.lookalike.id)}/exclusion-matches`).set(bearer(admin)).expect(ok)).body.matches as { kind: string; row: { source: string } }[];
      return r.some((m) => m.kind === 'Opted out') ? r : undefined;
    }, 60_000);
    expect(matches.find((m) => m.kind === 'Opted out')!.row.source).toBe('optout');
    const f = (await api().get(file(people.lookalike.id)).set(bearer(admin)).expect(ok)).body.file;
    expect(f.monitoring.exclusion).toBeNull();
  }, 120_000);

  it('GET /api/v1/exclusions/sources lists every list with its last import; staff only', async () => {
    const r = await api().get('/api/v1/exclusions/sources').set(bearer(admin)).expect(ok);
    const by = Object.fromEntries((r.body.sources as { source: string }[]).map((s) => [s.source, s]));
    expect(Object.keys(by)).toEqual(['leie', 'sam', 'optout', 'ofac', 'medicaid-ny', 'medicaid-ca', 'medicaid-tx']);
    expect(by.leie).toMatchObject({ name: 'OIG LEIE', file: 'UPDATED.csv', rows: 50 });
    expect(by.sam).toMatchObject({ name: 'SAM.gov exclusions', file: 'SAM_Exclusions_Public_Extract_test.CSV', rows: 2, importedAt: expect.any(String) });
    expect(by.ofac).toMatchObject({ file: null, importedAt: null, rows: 0 });
    await api().get('/api/v1/exclusions/sources').expect(401);
    expect((await api().get('/api/v1/exclusions/sources').set(bearer(stranger))).status).toBe(403);
  });

  it('searches every list at once, each row naming its list, or one list; 400 naming source', async () => {
    const all = await api().get('/api/v1/exclusions/search').query({ searchTerm: people.onSam.npi }).set(bearer(admin)).expect(ok);
    expect(all.body.exclusions).toEqual([expect.objectContaining({ source: 'sam', npi: people.onSam.npi })]);
    const byName = await api().get('/api/v1/exclusions/search').query({ searchTerm: `${people.lookalike.last}, ${people.lookalike.first}` }).set(bearer(admin)).expect(ok);
    expect(byName.body.exclusions.map((e: { source: string }) => e.source).sort()).toEqual(['optout', 'sam']);
    const one = await api().get('/api/v1/exclusions/search').query({ searchTerm: `${people.lookalike.last}, ${people.lookalike.first}`, source: 'optout' }).set(bearer(admin)).expect(ok);
    expect(one.body.exclusions.map((e: { source: string }) => e.source)).toEqual(['optout']);
    const bad = await api().get('/api/v1/exclusions/search').query({ searchTerm: 'smith', source: 'fbi' }).set(bearer(admin));
    expect([bad.status, bad.body.field]).toEqual([400, 'source']);
  });
});

describe('state licence rosters: a licence of a state with a roster is verified automatically', () => {
  it('active, expired, disciplined and not found, each a State board verification with the roster row as evidence; a discrepancy alerts', async () => {
    const path = join(dir, 'tx-roster.csv');
    const line = (v: Record<string, string>) => quotedLine(TX_ROSTER.columns, v);
    writeFileSync(
      path,
      [
        line(Object.fromEntries(TX_ROSTER.columns.map((c) => [c, c]))),
        line({ LIC_NBR: 'R1001', LAST_NAME: 'SAMSONITE', FIRST_NAME: 'PHILIPPA', LIC_TYPE: 'MD', LIC_STATUS: 'ACTIVE', LIC_ISSUE_DATE: '01/01/2015', LIC_EXP_DATE: '08/31/2028', BOARD_ACTION: 'N' }),
        line({ LIC_NBR: 'R1002', LAST_NAME: 'SAMSONITE', FIRST_NAME: 'PHILIPPA', LIC_TYPE: 'MD', LIC_STATUS: 'EXPIRED', LIC_ISSUE_DATE: '01/01/2015', LIC_EXP_DATE: '08/31/2028', BOARD_ACTION: 'N' }),
        line({ LIC_NBR: 'R1003', LAST_NAME: 'SAMSONITE', FIRST_NAME: 'PHILIPPA', LIC_TYPE: 'MD', LIC_STATUS: 'ACTIVE', LIC_ISSUE_DATE: '01/01/2015', LIC_EXP_DATE: '08/31/2028', BOARD_ACTION: 'Y' }),
        line({ LIC_NBR: 'R1004', LAST_NAME: 'SAMSONITE', FIRST_NAME: 'PHILIPPA', LIC_TYPE: 'MD', LIC_STATUS: 'ACTIVE', LIC_ISSUE_DATE: '01/01/2015', LIC_EXP_DATE: '08/31/2026', BOARD_ACTION: 'N' }),
        line({ LIC_NBR: '', LAST_NAME: 'BROKEN', LIC_EXP_DATE: '08/31/2028' }),
      ].join('\r\n') + '\r\n',
    );
    const report = await importRoster({ databaseUrl: sys.db.url, schema: 'credentialing', roster: TX_ROSTER, file: path });
    expect(report).toMatchObject({ source: 'roster-tx', rowsRead: 5, rowsImported: 4, rowsRejected: 1, rosterRows: 4 });
    expect(report.rejects[0].line).toBe(6);
    const id = people.onSam.id;
    const numbers = ['R-1001', 'R1002', 'R1003', 'R1004', 'R9999'];
    for (const number of numbers) {
      const req = api().post(`${file(id)}/credentials`).set(bearer(admin));
      for (const [k, v] of Object.entries({ kind: 'stateLicense', state: 'TX', number, licenseType: 'MD', status: 'Active', issuedOn: '2015-01-01', expiresOn: '2028-08-31' })) req.field(k, v);
      await req.attach('file', PDF, { filename: 'licence.pdf', contentType: 'application/pdf' }).expect(ok);
    }
    const checked = (await api().post(`${file(id)}/checks`).set(bearer(admin)).expect(ok)).body.file;
    const byNumber = new Map<string, { result: string; method: string; evidence: { snapshot: { row: Record<string, string> } }; discrepancies: { field: string }[]; verifiedOn: string }>();
    for (const c of checked.credentials as { credentialId: string; number: string }[]) {
      const v = (checked.verifications as { credentialId: string; source: string }[]).filter((x) => x.credentialId === c.credentialId && x.source === 'State board').at(-1);
      if (v) byNumber.set(c.number, v as never);
    }
    expect(byNumber.get('R-1001')).toMatchObject({ result: 'Verified', method: 'automatic', evidence: { snapshot: { row: { LIC_NBR: 'R1001', LIC_STATUS: 'ACTIVE' } } } });
    expect(byNumber.get('R-1001')!.verifiedOn).toBe(new Date().toISOString().slice(0, 10));
    expect(byNumber.get('R1002')).toMatchObject({ result: 'Discrepancy', discrepancies: [expect.objectContaining({ field: 'State licence TX R1002: status' })] });
    expect(byNumber.get('R1003')).toMatchObject({ result: 'Discrepancy', discrepancies: [expect.objectContaining({ field: 'State licence TX R1003: discipline' })] });
    expect(byNumber.get('R1004')).toMatchObject({ result: 'Discrepancy', discrepancies: [expect.objectContaining({ field: 'State licence TX R1004: expiry' })] });
    expect(byNumber.get('R9999')).toMatchObject({ result: 'Not found' });
    await until(async () => {
      const notes = (await api().post('/api/v1/users/getNotifications').set(bearer(admin)).send({ filter: 0 }).expect(ok)).body.notifications as { heading: string; alertLevel: string }[];
      return notes.filter((n) => n.heading === 'State licence discrepancy' && n.alertLevel === 'Danger').length >= 3 ? true : undefined;
    }, 60_000);
  }, 180_000);
});

describe('NPDB: a manual query, a verification of its own', () => {
  it('records the result with the report as evidence; the Continuous Query enrollment end is watched as an expirable; 400 naming the field, 403 for strangers', async () => {
    const id = people.lookalike.id;
    const url = `${file(id)}/npdb-queries`;
    const send = (token: string, fields: Record<string, string>) => {
      const r = api().post(url).set(bearer(token));
      for (const [k, v] of Object.entries(fields)) r.field(k, v);
      return r.attach('evidence', PDF, { filename: 'npdb-report.pdf', contentType: 'application/pdf' });
    };
    const enrollment = `${new Date().getUTCFullYear() + 1}-06-30`;
    const today = new Date().toISOString().slice(0, 10);
    const recorded = (await send(admin, { result: 'No reports', queriedOn: today, enrollmentEndsOn: enrollment, note: 'Continuous Query enrolled' }).expect(ok)).body.file;
    const v = (recorded.verifications as { source: string; credentialId: string | null }[]).filter((x) => x.source === 'NPDB').at(-1);
    expect(v).toMatchObject({ source: 'NPDB', credentialId: null, method: 'manual', result: 'Verified', verifiedOn: today, evidence: { kind: 'document', fileName: 'npdb-report.pdf' } });
    await until(async () => (await pg.query(`SELECT 1 FROM credentialing.credentialing_expirables WHERE provider_id = $1 AND kind = 'npdbEnrollment' AND expires_on = $2`, [id, enrollment])).rowCount === 1 || undefined, 30_000);
    const bad = await send(admin, { result: 'Maybe', queriedOn: today });
    expect([bad.status, bad.body.field]).toEqual([400, 'result']);
    const future = await send(admin, { result: 'No reports', queriedOn: '2999-01-01' });
    expect([future.status, future.body.field]).toEqual([400, 'queriedOn']);
    expect((await send(stranger, { result: 'No reports', queriedOn: today })).status).toBe(403);
  }, 120_000);
});
