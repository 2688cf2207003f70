/**
 * The NPPES importer against a real Postgres: exact counts on a generated 200,000-row file,
 * broken lines reported and skipped, an interrupted import leaving the mirror as it was and a
 * re-run ending with the same table, an incremental file updating changed NPIs, a .zip bundle.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateService } from '@app/nest-kit';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { withNpiCheckDigit } from '@app/validation';
import { directoryStorage } from '../storage';
import { ImportInterrupted, importNppes, mirrorStatus } from './nppes-importer';
import { FIXED_SAMPLE_ROWS, generateSampleRegistry } from './sample-registry';

let db: TestDatabase;
let pg: Client;
let dir: string;
let big: { dataFile: string; endpointsFile: string };
/** The first 40,000 rows of the big file (interruption and incremental tests). */
let mid: string;

beforeAll(async () => {
  db = await createTestDatabase('nppes');
  await migrateService(db.url, { ...directoryStorage, schema: 'directory' });
  pg = new Client({ connectionString: db.url, options: '-c search_path=directory,public' });
  await pg.connect();
  dir = mkdtempSync(join(tmpdir(), 'nppes-'));
  big = await generateSampleRegistry({ dir, individuals: 170_000, organizations: 30_000, seed: 7 });
  mid = join(dir, 'npidata_pfile_20240101-20240107_mid.csv');
  writeFileSync(mid, readFileSync(big.dataFile, 'utf8').split('\n').slice(0, 40_001).join('\n') + '\n');
}, 300_000);

afterAll(async () => {
  await pg?.end();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const run = (over: Partial<Parameters<typeof importNppes>[0]> & { file: string }) => importNppes({ databaseUrl: db.url, schema: 'directory', ...over });
const count = async () => Number((await pg.query('SELECT count(*) AS n FROM directory.registry_providers')).rows[0].n);
const digest = async () =>
  (
    await pg.query(
      `SELECT md5(string_agg(p.npi || coalesce(last_name, '') || coalesce(organization_name, '') || coalesce(e.list::text, '') || taxonomies::text, ',' ORDER BY p.npi)) AS h
         FROM directory.registry_providers p LEFT JOIN directory.registry_endpoints e ON e.npi = p.npi`,
    )
  ).rows[0].h as string;

describe('NPPES import', () => {
  it('imports a generated 200,000-row file with exact counts, endpoints, NUCC descs and deactivated NPIs marked', async () => {
    const report = await run({ file: big.dataFile, endpointsFile: big.endpointsFile, batchRows: 50_000 });
    expect(report).toMatchObject({ kind: 'full', rowsRead: 200_000, rowsImported: 200_000, rowsRejected: 0, rejects: {}, sample: true, fileDate: '2024-01-07' });
    expect(await count()).toBe(200_000);
    const { rows } = await pg.query(
      `SELECT count(*) FILTER (WHERE deactivated) AS deactivated, count(*) FILTER (WHERE entity_type = 1) AS people,
              count(*) FILTER (WHERE entity_type = 2) AS orgs, (SELECT count(*) FROM directory.registry_endpoints WHERE jsonb_array_length(list) > 0) AS with_endpoints,
              count(*) FILTER (WHERE NOT sample) AS not_sample
         FROM directory.registry_providers`,
    );
    expect(Number(rows[0].people) + Number(rows[0].orgs) + Number(rows[0].deactivated)).toBe(200_000);
    expect(Number(rows[0].deactivated)).toBeGreaterThan(0);
    expect(Number(rows[0].orgs)).toBeGreaterThan(29_000);
    expect(Number(rows[0].with_endpoints)).toBe(report.endpointsImported);
    expect(Number(rows[0].not_sample)).toBe(0);
    const person = (await pg.query('SELECT * FROM directory.registry_providers WHERE npi = $1', [FIXED_SAMPLE_ROWS.person.npi])).rows[0];
    expect(person).toMatchObject({ entity_type: 1, last_name: 'MÜLLER-ÅSTRÖM', first_name: 'JOSÉ', credential: 'MD', last_norm: 'mullerastrom', first_norm: 'jose', loc_state: 'NY' });
    const primary = person.taxonomies.filter((t: { primary: boolean }) => t.primary);
    expect(primary).toHaveLength(1);
    expect(person.primary_taxonomy_desc).toBe(primary[0].desc);
    expect(primary[0].desc).not.toBe(primary[0].code);
    // The search columns the importer computed are those of the SQL functions, on every row.
    const { rows: norms } = await pg.query(
      `SELECT count(*)::int AS n FROM directory.registry_providers
        WHERE last_norm IS DISTINCT FROM directory.registry_norm(last_name) OR first_norm IS DISTINCT FROM directory.registry_norm(first_name)
           OR loc_city_norm IS DISTINCT FROM directory.registry_norm(loc_city) OR org_key IS DISTINCT FROM directory.registry_org_key(organization_name)`,
    );
    expect(norms[0].n).toBe(0);
    const { rows: words } = await pg.query(
      `SELECT (SELECT count(DISTINCT npi) FROM directory.registry_org_words)::int AS words,
              (SELECT count(*) FROM directory.registry_providers WHERE entity_type = 2 AND NOT deactivated AND org_key <> '')::int AS orgs`,
    );
    expect(words[0].words).toBe(words[0].orgs);
    const status = await mirrorStatus(pg);
    expect(status).toMatchObject({ file: 'npidata_pfile_sample_20240101-20240107.csv', fileDate: '2024-01-07', sampleOnly: true, providers: 200_000 });
  }, 300_000);

  it('reports broken lines with their reasons and imports the rest', async () => {
    const lines = readFileSync(big.dataFile, 'utf8').split('\n').slice(0, 1001);
    const header = lines[0];
    const good = lines.slice(1, 1001);
    const fields = (line: string) => line.slice(1, -1).split('","');
    const withNpi = (line: string, npi: string) => `"${[npi, ...fields(line).slice(1)].join('","')}"`;
    const broken = [
      good[0].replace(/,""$/, ''), // a column short
      withNpi(good[1], '1234567890'), // wrong check digit
      withNpi(good[2], ''), // no NPI
      `"${[fields(good[3])[0], '3', ...fields(good[3]).slice(2)].join('","')}"`, // entity type 3
      good[4].replace(/^"(\d+)"/, '"$1"x"'), // a stray quote spoils the NPI
    ];
    const file = join(dir, 'npidata_pfile_20240101-20240107_broken.csv');
    writeFileSync(file, [header, ...good.slice(5), ...broken, ''].join('\n'));
    const report = await run({ file });
    expect(report.rowsRead).toBe(1000);
    expect(report.rowsImported).toBe(995);
    expect(report.rowsRejected).toBe(5);
    expect(report.rejects).toEqual({ 'wrong number of columns': 1, 'invalid NPI check digit': 2, 'missing NPI': 1, 'unknown entity type': 1 });
    expect(report.rejectSamples.map((s) => s.line)).toEqual(expect.arrayContaining([997, 998, 999, 1000]));
    expect(await count()).toBe(995);
    expect(report.sample).toBe(false);
  });

  it('reads escaped quotes, line breaks inside a value, CRLF line ends and accented values as CSV does', async () => {
    const lines = readFileSync(big.dataFile, 'utf8').split('\n').slice(0, 301);
    const header = lines[0];
    const fields = (line: string) => line.slice(1, -1).split('","');
    const names = fields(header);
    const org = names.indexOf('Provider Organization Name (Legal Business Name)');
    const street = names.indexOf('Provider First Line Business Mailing Address');
    const rows = lines.slice(1).map(fields);
    const quoted = rows[10].slice();
    quoted[org] = 'THE ""BEST"" CARE, LLC';
    const broken = rows[11].slice();
    broken[street] = '12 MAIN ST\nBUILDING 2';
    const accented = rows[12].slice();
    accented[street] = 'ÁVILA 3 — PISO 2';
    const body = rows.map((f, i) => `"${(i === 10 ? quoted : i === 11 ? broken : i === 12 ? accented : f).join('","')}"`);
    const file = join(dir, 'npidata_pfile_20240101-20240107_csv.csv');
    writeFileSync(file, [header, ...body, ''].join('\r\n'));
    const report = await run({ file });
    expect(report).toMatchObject({ rowsRead: 300, rowsImported: 300, rowsRejected: 0 });
    const get = async (npi: string) => (await pg.query('SELECT organization_name, mail_address_1, org_key FROM directory.registry_providers WHERE npi = $1', [npi])).rows[0];
    expect(await get(quoted[0])).toMatchObject({ organization_name: 'THE "BEST" CARE, LLC', org_key: 'the best care' });
    expect((await get(broken[0])).mail_address_1).toBe('12 MAIN ST\nBUILDING 2');
    expect((await get(accented[0])).mail_address_1).toBe('ÁVILA 3 — PISO 2');
    expect((await get(rows[13][0])).mail_address_1).toBe(rows[13][street]);
  });

  it('leaves the mirror as it was when interrupted, and a re-run ends with the same table as an uninterrupted import', async () => {
    await run({ file: mid, endpointsFile: big.endpointsFile });
    const expected = await digest();
    const before = await count();
    const controller = new AbortController();
    const small = join(dir, 'npidata_pfile_20240101-20240108.csv');
    writeFileSync(small, readFileSync(big.dataFile, 'utf8').split('\n').slice(0, 501).join('\n') + '\n');
    await run({ file: small });
    expect(await count()).toBe(500);
    const smallDigest = await digest();
    await expect(
      run({
        file: mid,
        endpointsFile: big.endpointsFile,
        batchRows: 5_000,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.rowsRead >= 15_000) controller.abort();
        },
      }),
    ).rejects.toBeInstanceOf(ImportInterrupted);
    // Searches kept reading the previous import; no staging table is left behind.
    expect(await count()).toBe(500);
    expect(await digest()).toBe(smallDigest);
    const { rows } = await pg.query(`SELECT to_regclass('directory.registry_providers_next') AS t`);
    expect(rows[0].t).toBeNull();
    const last = (await pg.query(`SELECT status, message FROM directory.registry_imports ORDER BY id DESC LIMIT 1`)).rows[0];
    expect(last).toEqual({ status: 'failed', message: 'interrupted' });
    // Interrupted once the rows are in, while the indexes are built and the endpoints read alongside.
    const late = new AbortController();
    await expect(
      run({ file: mid, endpointsFile: big.endpointsFile, signal: late.signal, onProgress: (p) => p.phase === 'indexes' && late.abort() }),
    ).rejects.toBeInstanceOf(ImportInterrupted);
    expect(await digest()).toBe(smallDigest);
    const staging = await pg.query(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'directory' AND tablename IN ('registry_providers_next', 'registry_endpoints_incoming', 'registry_org_words_next', 'registry_endpoints_next')`,
    );
    expect(staging.rows[0].n).toBe(0);
    await run({ file: mid, endpointsFile: big.endpointsFile });
    expect(await count()).toBe(before);
    expect(await digest()).toBe(expected);
  }, 300_000);

  it('applies an incremental file: changed NPIs updated, new ones added, the rest untouched', async () => {
    await run({ file: mid });
    const lines = readFileSync(mid, 'utf8').split('\n');
    const header = lines[0];
    const changed = lines[1].replace('"MÜLLER-ÅSTRÖM"', '"MUELLER"');
    const fresh = lines[10].replace(/^"\d+"/, `"${withNpiCheckDigit('299999999')}"`);
    const file = join(dir, 'npidata_pfile_20240108-20240114.csv');
    writeFileSync(file, [header, changed, fresh, ''].join('\n'));
    const report = await run({ file, incremental: true });
    expect(report).toMatchObject({ kind: 'incremental', rowsRead: 2, rowsImported: 2, rowsRejected: 0, fileDate: '2024-01-14' });
    expect(await count()).toBe(40_001);
    const row = (await pg.query('SELECT last_name, last_norm FROM directory.registry_providers WHERE npi = $1', [FIXED_SAMPLE_ROWS.person.npi])).rows[0];
    expect(row).toEqual({ last_name: 'MUELLER', last_norm: 'mueller' });
    const status = await mirrorStatus(pg);
    expect(status.incrementals).toEqual([expect.objectContaining({ file: 'npidata_pfile_20240108-20240114.csv', fileDate: '2024-01-14' })]);
    // Re-running the same incremental file changes nothing.
    const h = await digest();
    await run({ file, incremental: true });
    expect(await digest()).toBe(h);
  }, 300_000);

  it('reads the .zip bundle as published (data and endpoint files inside)', async () => {
    const zipDir = mkdtempSync(join(tmpdir(), 'nppes-zip-'));
    try {
      const data = join(zipDir, 'npidata_pfile_20240101-20240107.csv');
      const endpoints = join(zipDir, 'endpoint_pfile_20240101-20240107.csv');
      const lines = readFileSync(big.dataFile, 'utf8').split('\n').slice(0, 2001);
      writeFileSync(data, lines.join('\n') + '\n');
      writeFileSync(endpoints, readFileSync(big.endpointsFile, 'utf8'));
      writeFileSync(join(zipDir, 'npidata_pfile_20240101-20240107_fileheader.csv'), `${lines[0]}\n`);
      const zip = join(zipDir, 'NPPES_Data_Dissemination_January_2024.zip');
      execFileSync('python3', ['-c', `import zipfile,sys\nz=zipfile.ZipFile(sys.argv[1],'w',zipfile.ZIP_DEFLATED)\nfor f in sys.argv[2:]: z.write(f, f.split('/')[-1])\nz.close()`, zip, data, endpoints, join(zipDir, 'npidata_pfile_20240101-20240107_fileheader.csv')]);
      const report = await run({ file: zip });
      expect(report).toMatchObject({ rowsRead: 2000, rowsImported: 2000, endpointsFile: 'endpoint_pfile_20240101-20240107.csv' });
      expect(report.endpointsImported).toBeGreaterThan(0);
      expect(await count()).toBe(2000);
    } finally {
      rmSync(zipDir, { recursive: true, force: true });
    }
  }, 300_000);
});
