/**
 * The LEIE importer against a real Postgres: a generated full file in the real layout with exact
 * counts, broken lines reported with their line numbers, a re-run with the same end state, a
 * supplement that adds exclusions and applies reinstatements, and a new full file replacing the mirror.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateService } from '@app/nest-kit';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { credentialingStorage } from '../storage';
import { importLeie } from './leie-importer';
import { LEIE_HEADER, leieCsvLine } from './leie-record';
import { leieSampleLines, writeLeieFile } from './sample-leie';

let db: TestDatabase;
let pg: Client;
let dir: string;
const ROWS = 20_000;
let lines: string[];

beforeAll(async () => {
  db = await createTestDatabase('leie');
  await migrateService(db.url, { ...credentialingStorage, schema: 'credentialing' });
  pg = new Client({ connectionString: db.url, options: '-c search_path=credentialing,public' });
  await pg.connect();
  dir = mkdtempSync(join(tmpdir(), 'leie-'));
  lines = leieSampleLines(ROWS, [], 11);
}, 120_000);

afterAll(async () => {
  await pg?.end();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const run = (file: string, supplement = false) => importLeie({ databaseUrl: db.url, schema: 'credentialing', file, supplement });
const count = async () => Number((await pg.query('SELECT count(*) AS n FROM leie_exclusions')).rows[0].n);
const digest = async () => (await pg.query(`SELECT md5(string_agg(row_key || content_hash, ',' ORDER BY row_key)) AS h FROM leie_exclusions`)).rows[0].h as string;
const exists = async (last: string) => Number((await pg.query('SELECT count(*) AS n FROM leie_exclusions WHERE last_name = $1', [last])).rows[0].n);

describe('LEIE import', () => {
  it('imports a generated full file with exact counts, and a re-run changes nothing', async () => {
    const file = join(dir, 'UPDATED.csv');
    await writeLeieFile(file, lines);
    const first = await run(file);
    expect(first).toMatchObject({ kind: 'full', rowsRead: ROWS, rowsRejected: 0, rejects: [] });
    // Rows with the same identity (names, NPI, DOB, exclusion date) are one exclusion.
    expect(first.rowsImported).toBe(ROWS);
    expect(await count()).toBe(first.mirrorRows);
    expect(first.added).toBe(first.mirrorRows);
    expect(first.mirrorRows).toBeGreaterThan(ROWS * 0.99);
    const before = await digest();
    const again = await run(file);
    expect(again).toMatchObject({ rowsRead: ROWS, added: 0, removed: 0, mirrorRows: first.mirrorRows });
    expect(await digest()).toBe(before);
    // Dates and 'none' values as the mirror keeps them; an entity with BUSNAME only.
    const { rows } = await pg.query(`SELECT count(*) FILTER (WHERE npi = '0000000000') AS zero_npi, count(*) FILTER (WHERE bus_name IS NOT NULL AND last_name IS NULL) AS entities,
                                             count(*) FILTER (WHERE rein_date IS NOT NULL) AS reinstated FROM leie_exclusions`);
    expect(rows[0]).toEqual({ zero_npi: '0', entities: expect.any(String), reinstated: '0' });
    expect(Number(rows[0].entities)).toBeGreaterThan(0);
  }, 120_000);

  it('reports broken lines with their line numbers and imports the rest', async () => {
    const file = join(dir, 'broken.csv');
    const good = lines.slice(0, 5);
    const body = [
      LEIE_HEADER.join(','),
      ...good.slice(0, 2),
      '"ONLY","THREE","FIELDS"', // line 4
      leieCsvLine({ LASTNAME: 'BADDATE', FIRSTNAME: 'ANN', EXCLDATE: '20231345', NPI: '0000000000' }), // line 5
      leieCsvLine({ LASTNAME: 'BADNPI', FIRSTNAME: 'BOB', EXCLDATE: '20230101', NPI: '12345' }), // line 6
      leieCsvLine({ FIRSTNAME: 'NONAME', EXCLDATE: '20230101', NPI: '0000000000' }), // line 7
      '"BROKEN"QUOTE","X","","","","","","0000000000","","","","NY","","1128a1","20200101","00000000","00000000",""', // line 8
      ...good.slice(2),
    ];
    writeFileSync(file, body.join('\r\n') + '\r\n');
    const report = await run(file, true);
    expect(report.rowsImported).toBe(5);
    expect(report.rowsRejected).toBe(5);
    expect(report.rowsRead).toBe(10);
    expect(report.rejects.map((r) => r.line)).toEqual([4, 5, 6, 7, 8]);
    expect(report.rejects[1].reason).toMatch(/EXCLDATE/);
    expect(report.rejects[2].reason).toMatch(/NPI/);
    expect(report.rejects[3].reason).toMatch(/LASTNAME/);
    const stored = await pg.query(`SELECT rows_rejected, rejects FROM leie_imports WHERE id = $1`, [report.importId]);
    expect(stored.rows[0].rows_rejected).toBe(5);
    expect(stored.rows[0].rejects[0]).toEqual({ line: 4, reason: expect.stringMatching(/fields/) });
  });

  it('reads a file saved elsewhere (BOM, LF or CR line ends, unquoted fields, blank lines, a backslash and a tab) with the right line numbers', async () => {
    const file = join(dir, 'saved-by-a-spreadsheet.csv');
    const unquoted = (v: Partial<Record<string, string>>) => LEIE_HEADER.map((c) => v[c] ?? '').join(',');
    const body = [
      `\uFEFF${LEIE_HEADER.join(',')}`, // line 1
      unquoted({ LASTNAME: 'PLAIN', FIRSTNAME: 'ANN', NPI: '0000000000', STATE: 'ny', EXCLDATE: '20230101', REINDATE: '00000000' }), // line 2
      '', // line 3 (blank)
      leieCsvLine({ LASTNAME: 'BACK\\SLASH', FIRSTNAME: 'TAB\tBED', NPI: '1234567893', EXCLDATE: '20230102' }), // line 4
      leieCsvLine({ BUSNAME: 'ACME, "THE" CLINIC', NPI: '0000000000', EXCLDATE: '20230103', DOB: '19700229' }), // line 5: no such date
      unquoted({ LASTNAME: 'LATE', FIRSTNAME: 'LINE', EXCLDATE: '20230104' }), // line 6
    ];
    writeFileSync(file, `${body.slice(0, 4).join('\n')}\r${body.slice(4).join('\r\n')}\r\n`);
    const report = await run(file, true);
    expect(report).toMatchObject({ rowsRead: 4, rowsImported: 3, rowsRejected: 1, rejects: [{ line: 5, reason: 'DOB: no such date (19700229)' }] });
    const { rows } = await pg.query(`SELECT last_name, first_name, npi, state, to_char(excl_date, 'YYYY-MM-DD') AS excl, line FROM leie_exclusions WHERE import_id = $1 ORDER BY line`, [report.importId]);
    expect(rows).toEqual([
      { last_name: 'PLAIN', first_name: 'ANN', npi: null, state: 'NY', excl: '2023-01-01', line: '2' },
      { last_name: 'BACK\\SLASH', first_name: 'TAB\tBED', npi: '1234567893', state: null, excl: '2023-01-02', line: '4' },
      { last_name: 'LATE', first_name: 'LINE', npi: null, state: null, excl: '2023-01-04', line: '6' },
    ]);
  });

  it('applies a supplement: new exclusions in, reinstated ones out; re-run gives the same mirror', async () => {
    const full = join(dir, 'UPDATED.csv');
    await run(full);
    const total = await count();
    const added = Array.from({ length: 300 }, (_, i) =>
      leieCsvLine({ LASTNAME: `SUPPLEMENTED${String.fromCharCode(65 + (i % 26))}${i}`, FIRSTNAME: 'PAT', NPI: '0000000000', STATE: 'TX', EXCLTYPE: '1128a1', EXCLDATE: '20261101' }),
    );
    // Reinstatements: the same line as in the full file with a REINDATE.
    const reinstated = lines.slice(0, 200).map((l) => {
      const f = l.slice(1, -1).split('","');
      f[15] = '20261105';
      return `"${f.join('","')}"`;
    });
    const reinstatedName = lines[0].slice(1, -1).split('","');
    const sup = join(dir, 'supplement-2026-11.csv');
    await writeLeieFile(sup, [...added, ...reinstated]);
    const report = await run(sup, true);
    expect(report).toMatchObject({ kind: 'supplement', rowsRead: 500, rowsImported: 500, rowsRejected: 0, added: 300, removed: 200 });
    expect(await count()).toBe(total + 300 - 200);
    expect(await exists('SUPPLEMENTEDA0')).toBe(1);
    expect(Number((await pg.query('SELECT count(*) AS n FROM leie_exclusions WHERE coalesce(last_name, bus_name) = $1 AND excl_date = $2', [reinstatedName[0] || reinstatedName[3], `${reinstatedName[14].slice(0, 4)}-${reinstatedName[14].slice(4, 6)}-${reinstatedName[14].slice(6)}`])).rows[0].n)).toBe(0);
    const changes = await pg.query(`SELECT change, count(*)::int AS n FROM leie_changes WHERE import_id = $1 GROUP BY change ORDER BY change`, [report.importId]);
    expect(changes.rows).toEqual([{ change: 'added', n: 300 }, { change: 'removed', n: 200 }]);
    const h = await digest();
    const again = await run(sup, true);
    expect(again).toMatchObject({ added: 0, removed: 0 });
    expect(await digest()).toBe(h);
    // The next full file replaces the mirror: the supplement's rows go, the reinstated come back.
    const back = await run(full);
    expect(back).toMatchObject({ added: 200, removed: 300 });
    expect(await count()).toBe(total);
  }, 120_000);
});
