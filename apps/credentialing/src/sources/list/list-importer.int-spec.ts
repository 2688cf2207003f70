/**
 * The source lists' importer and screening against a real Postgres: each list's generated file in
 * its real layout (exact counts, a re-run changing nothing), broken lines with their numbers, a
 * supplement's new row and termination, a full file replacing a list, OFAC's aliases; then the
 * screening's rules per list: SAM by NPI (definitive) or name and state (possible), a firm never
 * by name, a terminated row never; an opt-out a flag; OFAC by name or alias, possible only;
 * Medicaid by NPI or name and the list's state.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { migrateService } from '@app/nest-kit';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { applyScreening } from '../../infrastructure/screening.sql';
import { credentialingStorage } from '../../storage';
import { MEDICAID_LISTS } from '../medicaid/medicaid.lists';
import { OFAC_LIST } from '../ofac/ofac.list';
import { OPTOUT_COLUMNS, OPTOUT_LIST } from '../optout/optout.list';
import { SAM_COLUMNS, SAM_LIST } from '../sam/sam.list';
import { importList } from './list-importer';
import { quotedLine, type SourceList } from './source-list';

let db: TestDatabase;
let pool: Pool;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase('sources');
  await migrateService(db.url, { ...credentialingStorage, schema: 'credentialing' });
  pool = new Pool({ connectionString: db.url, max: 2, options: '-c search_path=credentialing,public' });
  dir = mkdtempSync(join(tmpdir(), 'sources-'));
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const write = (name: string, lines: string[]) => {
  const file = join(dir, name);
  writeFileSync(file, lines.map((l) => `${l}\r\n`).join(''));
  return file;
};
const run = (list: SourceList, file: string, supplement = false) => importList({ databaseUrl: db.url, schema: 'credentialing', list, file, supplement });
const digest = async (source: string) => (await pool.query(`SELECT md5(string_agg(row_key || content_hash, ',' ORDER BY row_key)) AS h FROM source_rows WHERE source = $1`, [source])).rows[0].h as string;
const sam = (over: Record<string, string>) =>
  quotedLine(SAM_COLUMNS, { Classification: 'Individual', Country: 'USA', 'Excluding Agency': 'HHS', 'CT Code': 'Z1', 'Exclusion Type': 'Prohibition/Restriction', 'Active Date': '03/19/2020', 'Termination Date': 'Indefinite', ...over });
const SAM_HEADER = quotedLine(SAM_COLUMNS, Object.fromEntries(SAM_COLUMNS.map((c) => [c, c])));

describe('source list import', () => {
  it('imports each list’s generated file in its real layout with exact counts, and a re-run changes nothing', async () => {
    const demo = [{ npi: '1000000001', first_name: 'Ann', last_name: 'Lee', loc_state: 'NY' }];
    for (const list of [SAM_LIST, OPTOUT_LIST, ...MEDICAID_LISTS]) {
      const { file, lines } = list.sample(3_000, demo);
      const path = write(file, lines);
      const first = await run(list, path);
      expect(first).toMatchObject({ source: list.id, kind: 'full', rowsRead: lines.length - 1, rowsRejected: 0 });
      expect(first.listRows).toBe(first.added);
      expect(first.listRows).toBeGreaterThan(2_900);
      const before = await digest(list.id);
      const again = await run(list, path);
      expect(again).toMatchObject({ added: 0, removed: 0, listRows: first.listRows });
      expect(await digest(list.id)).toBe(before);
    }
    const { rows } = await pool.query(`SELECT source, count(*)::int AS n FROM source_imports WHERE status = 'done' GROUP BY source ORDER BY source`);
    expect(rows.map((r) => r.source)).toEqual(['medicaid-ca', 'medicaid-ny', 'medicaid-tx', 'optout', 'sam']);
  }, 240_000);

  it('reports broken lines with their line numbers and imports the rest', async () => {
    const file = write('sam-broken.csv', [
      SAM_HEADER,
      sam({ First: 'GOOD', Last: 'ONE' }), // line 2
      '"Individual","only three"', // line 3
      sam({ First: 'BAD', Last: 'DATE', 'Active Date': '13/45/2020' }), // line 4
      sam({ First: 'BAD', Last: 'NPI', NPI: '123' }), // line 5
      sam({ Classification: 'Firm' }), // line 6: no name
      '"Individual","","","X"BROKEN","","Y"', // line 7
      sam({ First: 'GOOD', Last: 'TWO' }), // line 8
    ]);
    const r = await run(SAM_LIST, file, true);
    expect(r).toMatchObject({ rowsRead: 7, rowsImported: 2, rowsRejected: 5 });
    expect(r.rejects.map((x) => x.line)).toEqual([3, 4, 5, 6, 7]);
    expect(r.rejects[1].reason).toContain('Active Date');
    expect(r.rejects[2].reason).toContain('NPI');
  }, 60_000);

  it('a supplement adds rows and a termination ends a row (the same row, its end date), a full file replaces the list', async () => {
    const header = SAM_HEADER;
    const full = write('sam-full.csv', [header, sam({ First: 'KEEP', Last: 'ME', 'State / Province': 'NY' }), sam({ First: 'GONE', Last: 'SOON', 'State / Province': 'NY' })]);
    const r1 = await run(SAM_LIST, full);
    expect(r1).toMatchObject({ listRows: 2, added: 2 });
    expect(r1.removed).toBeGreaterThan(3_000);
    const supplement = write('sam-supp.csv', [header, sam({ First: 'NEW', Last: 'ROW', 'State / Province': 'TX' }), sam({ First: 'KEEP', Last: 'ME', 'State / Province': 'NY', 'Termination Date': '01/31/2024' })]);
    const r2 = await run(SAM_LIST, supplement, true);
    expect(r2).toMatchObject({ added: 2, removed: 0, listRows: 3 });
    const { rows } = await pool.query(`SELECT last_name, to_char(rein_date, 'YYYY-MM-DD') AS ended FROM source_rows WHERE source = 'sam' ORDER BY last_name`);
    expect(rows).toEqual([
      { last_name: 'ME', ended: '2024-01-31' },
      { last_name: 'ROW', ended: null },
      { last_name: 'SOON', ended: null },
    ]);
    expect((await run(SAM_LIST, supplement, true)).added).toBe(0);
  }, 60_000);

  it('reads OFAC’s sdn.csv with the aliases of alt.csv beside it', async () => {
    const { sdn, alt } = { sdn: ['36,"ROE, Jane",individual,SDGT,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1970."', '37,ACME TRADING,-0- ,IRAN,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- '], alt: ['36,1,aka,"DOE, Janet",-0- '] };
    write('alt.csv', alt);
    const r = await run(OFAC_LIST, write('sdn.csv', sdn));
    expect(r).toMatchObject({ rowsRead: 2, rowsImported: 2, rowsRejected: 0, listRows: 2 });
    const { rows } = await pool.query(`SELECT a.last_key, a.first_key FROM source_aliases a WHERE a.source = 'ofac'`);
    expect(rows).toEqual([{ last_key: 'DOE', first_key: 'JANET' }]);
  }, 60_000);
});

describe('screening against every list', () => {
  const provider = async (first: string, last: string, npi: string | null, state: string) => {
    const id = randomUUID();
    await pool.query(`INSERT INTO credentialing_profiles (id, first_name, last_name, npi, state, is_provider) VALUES ($1, $2, $3, $4, $5, true)`, [id, first, last, npi, state]);
    await pool.query(`INSERT INTO credentialing_files (provider_id, cycle, status, open_items, last_change, state) VALUES ($1, 1, 'Not Started', 0, now(), '{}'::jsonb)`, [id]);
    return id;
  };
  const matchesOf = async (id: string) =>
    (await pool.query(`SELECT source, kind, status FROM exclusion_matches WHERE provider_id = $1 ORDER BY source, kind`, [id])).rows as { source: string; kind: string; status: string }[];

  it('applies each list’s rule', async () => {
    await run(
      SAM_LIST,
      write('sam-screen.csv', [
        SAM_HEADER,
        sam({ First: 'NPI', Last: 'HOLDER', NPI: '1111111111', 'State / Province': 'NY' }),
        sam({ First: 'NAME', Last: 'ONLY', 'State / Province': 'NY' }),
        sam({ First: 'ENDED', Last: 'ROW', 'State / Province': 'NY', 'Termination Date': '01/01/2021' }),
        sam({ Classification: 'Firm', Name: 'FIRM NAME', First: '', Last: '', 'State / Province': 'NY' }),
      ]),
    );
    const optHeader = quotedLine(OPTOUT_COLUMNS, Object.fromEntries(OPTOUT_COLUMNS.map((c) => [c, c])));
    const opt = (npi: string, end: string) => quotedLine(OPTOUT_COLUMNS, { 'First Name': 'Opt', 'Last Name': 'Out', NPI: npi, 'Optout Effective Date': '01/01/2020', 'Optout End Date': end, 'State Code': 'NY' });
    await run(OPTOUT_LIST, write('optout-screen.csv', [optHeader, opt('2222222222', '12/31/2099'), opt('3333333333', '12/31/2021')]));
    write('alt.csv', ['40,1,aka,"ALIAS, Person",-0- ']);
    await run(OFAC_LIST, write('sdn.csv', ['39,"SANCTIONED, Sam",individual,SDGT,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ', '40,"OTHER, Name",individual,SDGT,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ']));
    const ny = MEDICAID_LISTS.find((l) => l.id === 'medicaid-ny')!;
    await run(ny, write('ny.csv', [quotedLine(ny.columns, Object.fromEntries(ny.columns.map((c) => [c, c]))), quotedLine(ny.columns, { 'PROVIDER NAME': 'STATE, MEDICAID', 'EFFECTIVE DATE': '01/01/2022' })]));

    const npiHolder = await provider('Someone', 'Else', '1111111111', 'CA');
    const nameOnly = await provider('Name', 'Only', null, 'NY');
    const nameOtherState = await provider('Name', 'Only', null, 'CA');
    const ended = await provider('Ended', 'Row', null, 'NY');
    const firm = await provider('Firm', 'Name', null, 'NY');
    const optedOut = await provider('Any', 'Body', '2222222222', 'TX');
    const optEnded = await provider('Any', 'Body', '3333333333', 'TX');
    const ofacName = await provider('Sam', 'Sanctioned', '4444444444', 'FL');
    const ofacAlias = await provider('Person', 'Alias', null, 'WA');
    const medicaidNy = await provider('Medicaid', 'State', null, 'NY');
    const medicaidElsewhere = await provider('Medicaid', 'State', null, 'NJ');

    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await applyScreening(client, { kind: 'all' });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await matchesOf(npiHolder)).toEqual([{ source: 'sam', kind: 'Excluded', status: 'Open' }]);
    expect(await matchesOf(nameOnly)).toEqual([{ source: 'sam', kind: 'Possible match', status: 'Open' }]);
    expect(await matchesOf(nameOtherState)).toEqual([]);
    expect(await matchesOf(ended)).toEqual([]);
    expect(await matchesOf(firm)).toEqual([]);
    expect(await matchesOf(optedOut)).toEqual([{ source: 'optout', kind: 'Opted out', status: 'Open' }]);
    expect(await matchesOf(optEnded)).toEqual([]);
    // OFAC: a name is always a possible match, even with an NPI and in any state.
    expect(await matchesOf(ofacName)).toEqual([{ source: 'ofac', kind: 'Possible match', status: 'Open' }]);
    expect(await matchesOf(ofacAlias)).toEqual([{ source: 'ofac', kind: 'Possible match', status: 'Open' }]);
    expect(await matchesOf(medicaidNy)).toEqual([{ source: 'medicaid-ny', kind: 'Possible match', status: 'Open' }]);
    expect(await matchesOf(medicaidElsewhere)).toEqual([]);
    // The match keeps the row as found, naming its list.
    const { rows } = await pool.query(`SELECT snapshot FROM exclusion_matches WHERE provider_id = $1`, [npiHolder]);
    expect(rows[0].snapshot).toMatchObject({ source: 'sam', lastName: 'HOLDER', npi: '1111111111', exclDate: '2020-03-19' });

    // A termination in a supplement clears the match when its import is screened.
    const term = await run(SAM_LIST, write('sam-term.csv', [SAM_HEADER, sam({ First: 'NPI', Last: 'HOLDER', NPI: '1111111111', 'State / Province': 'NY', 'Termination Date': '02/01/2024' })]), true);
    const c2 = await pool.connect();
    try {
      await c2.query('BEGIN');
      const r = await applyScreening(c2, { kind: 'sourceImports', importIds: [term.importId] });
      await c2.query('COMMIT');
      expect(r.changedProviders).toEqual([npiHolder]);
    } finally {
      c2.release();
    }
    expect(await matchesOf(npiHolder)).toEqual([{ source: 'sam', kind: 'Excluded', status: 'Cleared' }]);
  }, 120_000);
});
