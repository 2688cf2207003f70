/**
 * The mirror's organisation search against a real Postgres, checked against a brute-force
 * oracle over every organisation of a generated registry (where a few words, HEALTH, CARE,
 * MEDICAL..., are in thousands of names): every typed word a prefix of a word of the name, in
 * any order, legal-form words ignored; exact name, then name prefix, then the rest; at most
 * 50; narrowing by state. Also: the search columns a full import computes in the importer are
 * those of the SQL functions (accents included), a duplicated NPI keeps its last line across
 * the two ways a row is loaded, and an incremental file keeps the words table current.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { migrateService } from '@app/nest-kit';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { withNpiCheckDigit } from '@app/validation';
import { parseRegistryTerm } from '../domain/registry/search-term';
import { directoryStorage } from '../storage';
import { MirrorRegistry } from './mirror-registry';
import { importNppes } from './nppes-importer';
import { FIXED_SAMPLE_ROWS, generateSampleRegistry } from './sample-registry';
import { CREATE_WORD_COUNTS_SQL } from './schema';

let db: TestDatabase;
let pool: Pool;
let dir: string;
let mirror: MirrorRegistry;
let header: string;
let lines: string[];
type Org = { npi: string; org_key: string; loc_state: string };
let orgs: Org[];

const fields = (line: string) => line.slice(1, -1).split('","');
const join_ = (f: string[]) => `"${f.join('","')}"`;
let col: (name: string) => number;

beforeAll(async () => {
  db = await createTestDatabase('mirror');
  await migrateService(db.url, { ...directoryStorage, schema: 'directory' });
  pool = new Pool({ connectionString: db.url, max: 2, options: '-c search_path=directory,public' });
  dir = mkdtempSync(join(tmpdir(), 'mirror-'));
  const files = await generateSampleRegistry({ dir, individuals: 1_000, organizations: 8_000, seed: 11 });
  [header, ...lines] = readFileSync(files.dataFile, 'utf8').trimEnd().split('\n');
  const names = fields(header);
  col = (name) => names.indexOf(name);
  // Accented organisation names, and one NPI twice in a batch (accented first, plain last).
  const org = col('Provider Organization Name (Legal Business Name)');
  const accented = (i: number, name: string) => {
    const f = fields(lines[i]);
    f[org] = name;
    return join_(f);
  };
  const orgLines = lines.map((l, i) => ({ l, i })).filter(({ l }) => fields(l)[col('Entity Type Code')] === '2' && fields(l)[0] !== FIXED_SAMPLE_ROWS.organization.npi);
  lines[orgLines[10].i] = accented(orgLines[10].i, 'CLÍNICA SÃO JOSÉ HEALTH, S.C.');
  lines[orgLines[11].i] = accented(orgLines[11].i, 'ÆRØ CARE LLC');
  const twice = orgLines[12].i;
  lines.splice(twice, 1, accented(twice, 'ZÜRCHER OLD NAME INC'), accented(twice, 'ZURCHER NEW NAME INC'));
  const data = join(dir, 'npidata_pfile_20240101-20240107.csv');
  writeFileSync(data, `${header}\n${lines.join('\n')}\n`);
  await importNppes({ databaseUrl: db.url, schema: 'directory', file: data, endpointsFile: files.endpointsFile, batchRows: 2_500 });
  mirror = new MirrorRegistry(pool);
  orgs = (await pool.query<Org>(`SELECT npi, org_key, loc_state FROM registry_providers WHERE entity_type = 2 AND NOT deactivated`)).rows;
}, 180_000);

afterAll(async () => {
  await pool?.end();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const search = async (term: string, state?: string) => mirror.search(parseRegistryTerm(term, { audience: 'organization', ...(state ? { state } : {}) }));
const keyOf = async (term: string) => (await pool.query<{ k: string }>('SELECT registry_org_key($1) AS k', [term])).rows[0].k;

/** Every organisation the term finds, in rank order (the oracle). */
async function expected(term: string, state?: string): Promise<Org[]> {
  const key = await keyOf(term);
  const typed = key.split(' ').filter(Boolean);
  const matches = orgs.filter((o) => (!state || o.loc_state === state) && typed.every((t) => o.org_key.split(' ').some((w) => w.startsWith(t))));
  const rank = (o: Org) => (o.org_key === key ? 1 : o.org_key.startsWith(key) ? 2 : 3);
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return matches.sort((a, b) => rank(a) - rank(b) || cmp(a.org_key, b.org_key) || cmp(a.npi, b.npi)).map((o) => ({ ...o, rank: rank(o) }));
}

/** The search's answer agrees with the oracle: all of it when 50 or fewer, else 50 true matches ranked right. */
async function check(term: string, state?: string) {
  const want = await expected(term, state);
  const got = await search(term, state);
  const byNpi = new Map(orgs.map((o) => [o.npi, o]));
  if (want.length <= 50) {
    expect(got.map((r) => r.number)).toEqual(want.map((o) => o.npi));
  } else {
    expect(got).toHaveLength(50);
    const wanted = new Set(want.map((o) => o.npi));
    for (const r of got) expect(wanted.has(r.number)).toBe(true);
    // Exact and prefix matches come first, all of them when they fit.
    const leading = want.filter((o) => (o as Org & { rank: number }).rank < 3).slice(0, 50);
    expect(got.slice(0, leading.length).map((r) => r.number)).toEqual(leading.map((o) => o.npi));
    const keys = got.slice(leading.length).map((r) => byNpi.get(r.number)!.org_key);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  for (const r of got) expect(r.enumeration_type).toBe('NPI-2');
  return { want, got };
}

/** The word counts table differs from a count of the words table in no row. */
async function countsAreExact() {
  const { rows } = await pool.query(
    `SELECT count(*)::int AS n FROM registry_org_word_counts c
       FULL JOIN (SELECT word, count(*)::int AS n FROM registry_org_words GROUP BY word) w ON w.word = c.word
      WHERE c.n IS DISTINCT FROM w.n`,
  );
  expect(rows[0].n).toBe(0);
  expect(Number((await pool.query('SELECT count(*) AS n FROM registry_org_word_counts')).rows[0].n)).toBeGreaterThan(100);
}

/** The typed word (prefix) the words query read its index range from, for one search. */
async function drivingWord(term: string): Promise<string | undefined> {
  const spy = jest.spyOn(pool, 'query');
  try {
    await search(term);
    const call = spy.mock.calls.find(([sql]) => typeof sql === 'string' && sql.includes('FROM registry_org_words w WHERE w.word LIKE $1'));
    return call ? String((call[1] as unknown[])[0]).replace(/%$/, '') : undefined;
  } finally {
    spy.mockRestore();
  }
}

/** Words of the generated names by how many organisations have them. */
function wordCounts(): Array<[string, number]> {
  const n = new Map<string, number>();
  for (const o of orgs) for (const w of new Set(o.org_key.split(' '))) n.set(w, (n.get(w) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1]);
}

describe('organisation search (words in any order)', () => {
  it('the search columns are those of the SQL functions on every row (accents through unaccent), and the words table holds every active organisation', async () => {
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM registry_providers
        WHERE last_norm IS DISTINCT FROM registry_norm(last_name) OR first_norm IS DISTINCT FROM registry_norm(first_name)
           OR loc_city_norm IS DISTINCT FROM registry_norm(loc_city) OR org_key IS DISTINCT FROM registry_org_key(organization_name)`,
    );
    expect(rows[0].n).toBe(0);
    const person = (await pool.query('SELECT last_norm, first_norm FROM registry_providers WHERE npi = $1', [FIXED_SAMPLE_ROWS.person.npi])).rows[0];
    expect(person).toEqual({ last_norm: 'mullerastrom', first_norm: 'jose' });
    const { rows: words } = await pool.query(`SELECT count(DISTINCT npi)::int AS n FROM registry_org_words`);
    expect(words[0].n).toBe(orgs.filter((o) => o.org_key !== '').length);
  });

  it('a duplicated NPI keeps its last line, whichever way each line was loaded', async () => {
    const { rows } = await pool.query(`SELECT organization_name, org_key FROM registry_providers WHERE org_key LIKE 'zurcher%'`);
    expect(rows).toEqual([{ organization_name: 'ZURCHER NEW NAME INC', org_key: 'zurcher new name' }]);
    expect((await search('old zurch')).length).toBe(0);
    expect((await search('name zürch')).map((r) => r.basic.organization_name)).toEqual(['ZURCHER NEW NAME INC']);
  });

  it('a very common word with a rarer one, in either order, finds exactly the organisations having both', async () => {
    const counts = wordCounts();
    const common = counts[0][0];
    expect(counts[0][1]).toBeGreaterThan(orgs.length / 10);
    // Rare words from names that also have the common word.
    const rare = counts.filter(([w, n]) => n < 40 && n > 2 && orgs.some((o) => o.org_key.split(' ').includes(w) && o.org_key.split(' ').includes(common))).slice(0, 5);
    expect(rare.length).toBeGreaterThan(0);
    for (const [word] of rare) {
      const { want } = await check(`${common} ${word}`);
      expect(want.length).toBeGreaterThan(0);
      await check(`${word.slice(0, 3)} ${common.slice(0, 4)}`);
      await check(`${common.slice(0, 3).toUpperCase()}, ${word.toUpperCase()} LLC`);
    }
  });

  it('two common words, a common word alone and a common prefix give 50 true matches in rank order', async () => {
    const [[a], [b], [c]] = wordCounts();
    for (const term of [`${a} ${b}`, `${b} ${c}`, `${c.slice(0, 3)} ${a.slice(0, 2)}`, a, `${a.slice(0, 2)}`, `${b} ${a} ${c}`]) await check(term);
  });

  it('keeps exact word counts and drives from the typed word with the fewest entries, whatever their length or order', async () => {
    await countsAreExact();
    const counts = wordCounts();
    // The oracle's count of a typed prefix: entries (organisation words) starting with it.
    const entries = (prefix: string) => counts.filter(([w]) => w.startsWith(prefix)).reduce((n, [, c]) => n + c, 0);
    const [[a], [b]] = counts;
    const mid = counts.find(([w, n]) => n > 20 && n < 200 && w.length < a.length)!;
    const terms = [`${a} ${b}`, `${b} ${a}`, `${a} ${mid[0]}`, `${mid[0]} ${a.slice(0, 3)}`, `${a.slice(0, 2)} ${b.slice(0, 4)}`, `${b} ${mid[0].slice(0, 3)} ${a}`];
    for (const term of terms) {
      const typed = (await keyOf(term)).split(' ');
      const least = Math.min(...typed.map(entries));
      const drive = await drivingWord(term);
      expect(drive).toBeDefined();
      expect(entries(drive!)).toBe(least);
      await check(term);
    }
    // A typed word that starts no organisation word: no words query at all.
    expect(await drivingWord(`${a} qqzzx`)).toBeUndefined();
  });

  it('reads the words in any order with legal suffixes ignored, and narrows by state', async () => {
    const acme = FIXED_SAMPLE_ROWS.organization;
    for (const term of ['health family acme', 'Acme Family Health Inc.', 'fam, acm P.L.L.C.', 'HEALTH ACME']) {
      expect((await search(term)).map((r) => r.number)).toContain(acme.npi);
    }
    expect((await search('acme family health'))[0].number).toBe(acme.npi);
    const [[common]] = wordCounts();
    const { got } = await check(common, 'TX');
    for (const r of got) expect(r.addresses[0].state).toBe('TX');
    await check(`${common} ${wordCounts()[1][0]}`, 'CA');
  });

  it('finds accented names by their plain letters and the other way round; no match and legal words alone find nothing', async () => {
    expect((await search('jose sao clinica')).map((r) => r.basic.organization_name)).toEqual(['CLÍNICA SÃO JOSÉ HEALTH, S.C.']);
    expect((await search('José CLÍN'))[0]?.basic.organization_name).toBe('CLÍNICA SÃO JOSÉ HEALTH, S.C.');
    expect((await search('care aero')).map((r) => r.basic.organization_name)).toEqual(['ÆRØ CARE LLC']);
    await check('health zzzzqx');
    expect(await search('health zzzzqx')).toEqual([]);
    expect(await search('LLC inc. P.C.')).toEqual([]);
    expect(await search("%' OR 1=1 --")).toEqual([]);
  });

  it('an incremental file keeps the words current: renamed, deactivated and new organisations', async () => {
    const org = col('Provider Organization Name (Legal Business Name)');
    const some = lines.filter((l) => fields(l)[col('Entity Type Code')] === '2').slice(100, 102);
    const renamed = fields(some[0]);
    renamed[org] = 'QUIXOTIC PEDIATRIC PARTNERS PLLC';
    const gone = fields(some[1]);
    const goneName = gone[org];
    gone[col('Entity Type Code')] = '';
    gone[col('NPI Deactivation Date')] = '01/02/2024';
    const fresh = fields(some[0]);
    fresh[0] = withNpiCheckDigit('299999998');
    fresh[org] = 'ZYMURGY QUIXOTIC HEALTH INC';
    const file = join(dir, 'npidata_pfile_20240108-20240114.csv');
    writeFileSync(file, [header, join_(renamed), join_(gone), join_(fresh), ''].join('\n'));
    await importNppes({ databaseUrl: db.url, schema: 'directory', file, incremental: true });
    expect((await search('partners quixo')).map((r) => r.number)).toEqual([renamed[0]]);
    expect((await search('quixotic')).map((r) => r.number).sort()).toEqual([renamed[0], fresh[0]].sort());
    const goneKey = await keyOf(goneName);
    expect((await search(goneKey.split(' ').reverse().join(' '))).map((r) => r.number)).not.toContain(gone[0]);
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM registry_org_words WHERE npi = ANY($1)`, [[gone[0]]]);
    expect(rows[0].n).toBe(0);
    // The word counts followed: the new words counted up (zymurgy: one entry), the gone ones down.
    await countsAreExact();
    expect((await pool.query(`SELECT n FROM registry_org_word_counts WHERE word = 'zymurgy'`)).rows).toEqual([{ n: 1 }]);
    expect(await drivingWord('health zymurg')).toBe('zymurg');
  });

  it('keeps the word counts exact when an incremental file removes a word from every name, and when it is run again', async () => {
    const org = col('Provider Organization Name (Legal Business Name)');
    const counts = async () => (await pool.query<{ word: string; n: number }>('SELECT word, n FROM registry_org_word_counts ORDER BY word')).rows;
    // The one organisation named with ZYMURGY (the previous test) takes another name: the word has no entry left.
    const zymurgy = fields(lines.filter((l) => fields(l)[col('Entity Type Code')] === '2')[100]);
    zymurgy[0] = withNpiCheckDigit('299999998');
    zymurgy[org] = 'QUIXOTIC XYLOPHONIC HEALTH INC';
    const file = join(dir, 'npidata_pfile_20240115-20240121.csv');
    writeFileSync(file, [header, join_(zymurgy), ''].join('\n'));
    await importNppes({ databaseUrl: db.url, schema: 'directory', file, incremental: true });
    await countsAreExact();
    expect((await pool.query(`SELECT n FROM registry_org_word_counts WHERE word IN ('zymurgy', 'xylophonic')`)).rows).toEqual([{ n: 1 }]);
    expect(await search('zymurg')).toEqual([]);
    expect(await drivingWord('health zymurg')).toBeUndefined();
    const before = await counts();
    await importNppes({ databaseUrl: db.url, schema: 'directory', file, incremental: true });
    expect(await counts()).toEqual(before);
    await countsAreExact();
  });

  it('the migration gives a mirror imported before the word counts existed its counts', async () => {
    await pool.query('DROP TABLE registry_org_word_counts');
    await pool.query(CREATE_WORD_COUNTS_SQL);
    await pool.query(CREATE_WORD_COUNTS_SQL);
    await countsAreExact();
    const [[common]] = wordCounts();
    const rare = wordCounts().find(([w, n]) => n > 2 && n < 40 && orgs.some((o) => o.org_key.split(' ').includes(w) && o.org_key.split(' ').includes(common)))![0];
    await check(`${common} ${rare}`);
  });
});
