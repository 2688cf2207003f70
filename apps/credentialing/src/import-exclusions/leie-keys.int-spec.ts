/**
 * The exclusion mirror's keys (domain/exclusion-keys.ts) against Postgres: Node's keys equal the
 * SQL expressions the monitoring migration generated them with, on tricky names; the importer's
 * rows carry the same keys whatever the names hold (an empty mirror loaded directly, a change
 * through the staging table); the migration keeps the keys of the rows already there; the search
 * reads a typed name as the keys are. And a first import (straight into the empty mirror)
 * interrupted mid-file leaves the mirror empty with its indexes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateService } from '@app/nest-kit';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { CONTENT_HASH_SQL, NAME_KEY_SQL, ROW_KEY_SQL, SEARCH_TEXT_SQL, asciiNameKey, asciiRowKey, asciiSearchText, contentHash } from '../domain/exclusion-keys';
import { exclusionSearch } from '../search-exclusions/search-exclusions.handler';
import { credentialingStorage } from '../storage';
import { importLeie } from './leie-importer';
import { LEIE_FIELDS, leieCsvLine } from './leie-record';
import { leieSampleLines, writeLeieFile } from './sample-leie';

let db: TestDatabase;
let pg: Client;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase('leie_keys');
  // Up to the monitoring migrations, then a row written while the keys were generated, then the rest.
  const storage = { ...credentialingStorage, schema: 'credentialing' };
  await migrateService(db.url, { ...storage, migrations: storage.migrations.filter((m) => m.name < 'Migration20261229000001') });
  pg = new Client({ connectionString: db.url, options: '-c search_path=credentialing,public' });
  await pg.connect();
  await pg.query(`INSERT INTO leie_exclusions (row_key, content_hash, last_name, first_name, import_id, line) VALUES ('before', 'h', 'Ñúñez-O''Brien', 'José', 1, 2)`);
  await migrateService(db.url, storage);
  dir = mkdtempSync(join(tmpdir(), 'leie-keys-'));
}, 120_000);

afterAll(async () => {
  await pg?.end();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The expressions exactly as the frozen monitoring migration and the importer's staging table generated them. */
const OLD_NAME_KEY = (c: string) => `regexp_replace(upper(public.f_unaccent(coalesce(${c}, ''))), '[^A-Z]', '', 'g')`;
const OLD_SEARCH_TEXT = `lower(public.f_unaccent(coalesce($1::text, '') || ' ' || coalesce($2::text, '') || ' ' || coalesce($3::text, '') || ' ' || coalesce($4::text, '')))`;
const OLD_ROW_KEY = (last: string, first: string, mid: string, bus: string, npi: string, dob: string, excl: string) =>
  `md5(upper(coalesce(${last}, '')) || chr(31) || upper(coalesce(${first}, '')) || chr(31) || upper(coalesce(${mid}, '')) || chr(31) || upper(coalesce(${bus}, '')) || chr(31) || coalesce(${npi}, '') || chr(31) || coalesce(${dob}, '') || chr(31) || coalesce(${excl}, ''))`;

const ASCII_NAMES = ["O'Brien-Smith", 'OBRIEN SMITH', 'McDonald', 'Mc Donald', 'MACDONALD', '  de la Cruz  ', 'St. John, Jr.', 'VAN DER BERG III', 'back\\slash', 'tab\tbed', '123', '-', ' ', ''];
const OTHER_NAMES = ['Ñúñez', 'Łukasz', 'Müller', 'Strauß', 'Æsir', 'O’Brien', 'Zoë', 'Ólafsdóttir', 'Øyvind', 'Ж'];

describe("the exclusion mirror's keys", () => {
  it("are Postgres's own on tricky names: Node computes ASCII names, leaves the others to the SQL", async () => {
    for (const name of [...ASCII_NAMES, ...OTHER_NAMES, null]) {
      const { rows } = await pg.query<{ old: string; shared: string }>(`SELECT ${OLD_NAME_KEY('$1::text')} AS old, ${NAME_KEY_SQL('$1::text')} AS shared`, [name]);
      expect(rows[0].shared).toBe(rows[0].old);
      const node = asciiNameKey(name);
      if (name === null || ASCII_NAMES.includes(name)) expect({ name, key: node }).toEqual({ name, key: rows[0].old });
      else expect({ name, key: node }).toEqual({ name, key: null });
    }
    expect(asciiNameKey("O'Brien-Smith")).toBe('OBRIENSMITH');
    expect(asciiNameKey('Mc Donald')).toBe('MCDONALD');

    const people: [string | null, string | null, string | null, string | null][] = [
      ["O'Brien-Smith", 'Mary Ann', 'Q', null],
      [null, null, null, 'ACME, "THE" CLINIC LLC'],
      ['McDonald', ' ', '', 'x\\y'],
      ['Ñúñez', 'José', null, null],
      ['Strauß', 'Zoë', 'Æ', 'Łódź Medical'],
      [null, null, null, null],
    ];
    for (const [last, first, mid, bus] of people) {
      const ascii = [last, first, mid, bus].every((v) => v === null || ASCII_NAMES.includes(v) || /^[\x20-\x7e]*$/.test(v));
      const params = [last, first, mid, bus, ascii ? '1234567893' : null, '1970-01-31', '2024-02-29'];
      const { rows } = await pg.query<{ search: string; search_shared: string; row_key: string; row_key_shared: string }>(
        `SELECT ${OLD_SEARCH_TEXT} AS search, ${SEARCH_TEXT_SQL('$1::text', '$2::text', '$3::text', '$4::text')} AS search_shared,
                ${OLD_ROW_KEY('$1::text', '$2::text', '$3::text', '$4::text', '$5::text', '$6::text', '$7::text')} AS row_key,
                ${ROW_KEY_SQL('$1::text', '$2::text', '$3::text', '$4::text', '$5::text', '$6::text', '$7::text')} AS row_key_shared`,
        params,
      );
      expect(rows[0].search_shared).toBe(rows[0].search);
      expect(rows[0].row_key_shared).toBe(rows[0].row_key);
      expect(asciiSearchText(last, first, mid, bus)).toBe(ascii ? rows[0].search : null);
      expect(asciiRowKey(last, first, mid, bus, params[4], params[5], params[6])).toBe(ascii ? rows[0].row_key : null);
      // The content hash has no case folding: Node computes it for any name.
      const fields = LEIE_FIELDS.map((c, i) => (i < 4 ? [last, first, mid, bus][i] : c === 'npi' ? params[4] : c === 'dob' ? '1970-01-31' : c === 'state' ? 'NY' : null));
      const { rows: hashed } = await pg.query<{ h: string }>(`SELECT ${CONTENT_HASH_SQL(fields.map((_, i) => `$${i + 1}::text`))} AS h`, fields);
      expect(contentHash(fields)).toBe(hashed[0].h);
    }
  });

  it('kept their values for the rows already in the mirror when they became plain columns', async () => {
    const { rows } = await pg.query(`SELECT last_key, first_key, search_text FROM leie_exclusions WHERE row_key = 'before'`);
    expect(rows).toEqual([{ last_key: 'NUNEZOBRIEN', first_key: 'JOSE', search_text: "nunez-o'brien jose  " }]);
    const generated = await pg.query(
      `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = 'credentialing' AND table_name = 'leie_exclusions' AND is_generated = 'ALWAYS'`,
    );
    expect(generated.rows[0].n).toBe(0);
    await pg.query(`TRUNCATE leie_exclusions`);
  });

  /** Rows whose stored keys differ from the SQL definitions over the stored names (dates as text). */
  const wrongKeys = async () =>
    (
      await pg.query(
        `SELECT last_name, first_name FROM leie_exclusions
          WHERE row_key IS DISTINCT FROM ${OLD_ROW_KEY('last_name', 'first_name', 'mid_name', 'bus_name', 'npi', `to_char(dob, 'YYYY-MM-DD')`, `to_char(excl_date, 'YYYY-MM-DD')`)}
             OR content_hash IS DISTINCT FROM ${CONTENT_HASH_SQL(LEIE_FIELDS.map((c) => (['dob', 'excl_date', 'rein_date', 'waiver_date'].includes(c) ? `to_char(${c}, 'YYYY-MM-DD')` : c)))}
             OR last_key IS DISTINCT FROM ${OLD_NAME_KEY('last_name')} OR first_key IS DISTINCT FROM ${OLD_NAME_KEY('first_name')}
             OR search_text IS DISTINCT FROM lower(public.f_unaccent(coalesce(last_name, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(mid_name, '') || ' ' || coalesce(bus_name, '')))`,
      )
    ).rows;

  it("are stored as the SQL defines them, ASCII or not: into an empty mirror, through the staging table, a name's last line winning", async () => {
    const names = [...ASCII_NAMES.filter((n) => n.trim() && /[A-Za-z]/.test(n)), ...OTHER_NAMES];
    const line = (last: string, i: number, extra: Partial<Record<string, string>> = {}) =>
      leieCsvLine({ LASTNAME: last, FIRSTNAME: OTHER_NAMES.includes(last) ? 'José' : 'Mary-Ann', MIDNAME: i % 3 ? '' : 'Ø', NPI: '0000000000', STATE: 'NY', DOB: '19700131', EXCLTYPE: '1128a1', EXCLDATE: '20240229', ...extra });
    const file = join(dir, 'UPDATED.csv');
    // The same identity twice (an ASCII one and another): the later line is the exclusion.
    await writeLeieFile(file, [...names.map((n, i) => line(n, i)), line('Müller', OTHER_NAMES.indexOf('Müller') + names.length - OTHER_NAMES.length, { CITY: 'LATER' }), line('McDonald', 2, { CITY: 'LATER' })]);
    const first = await importLeie({ databaseUrl: db.url, schema: 'credentialing', file });
    expect(first).toMatchObject({ rowsImported: names.length + 2, rowsRejected: 0, added: names.length, mirrorRows: names.length });
    expect(await wrongKeys()).toEqual([]);
    const later = await pg.query(`SELECT last_name FROM leie_exclusions WHERE city = 'LATER' ORDER BY last_name`);
    expect(later.rows).toEqual([{ last_name: 'McDonald' }, { last_name: 'Müller' }]);
    const changes = await pg.query(`SELECT count(*)::int AS n FROM leie_changes WHERE import_id = $1 AND change = 'added'`, [first.importId]);
    expect(changes.rows[0].n).toBe(names.length);
    const indexes = await pg.query(`SELECT indexname FROM pg_indexes WHERE schemaname = 'credentialing' AND tablename = 'leie_exclusions' ORDER BY indexname`);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['leie_exclusions_name', 'leie_exclusions_npi', 'leie_exclusions_pkey', 'leie_exclusions_search']);

    // A changed file (a mirror not empty): through the staging table.
    await writeLeieFile(file, [...names.map((n, i) => line(n, i, { CITY: 'CHANGED' })), line('Œdipe', 1)]);
    const second = await importLeie({ databaseUrl: db.url, schema: 'credentialing', file });
    expect(second).toMatchObject({ added: names.length + 1, removed: 0, mirrorRows: names.length + 1 });
    expect(await wrongKeys()).toEqual([]);
    const again = await importLeie({ databaseUrl: db.url, schema: 'credentialing', file });
    expect(again).toMatchObject({ added: 0, removed: 0 });
  });

  it('are how the search reads a typed name: accents, punctuation and case aside', async () => {
    const found = async (term: string) => {
      const { where, params } = exclusionSearch(term);
      return (await pg.query(`SELECT last_name FROM leie_exclusions WHERE ${where} ORDER BY last_name`, params)).rows.map((r) => r.last_name as string);
    };
    expect(await found('nunez, jose')).toEqual(['Ñúñez']);
    expect(await found('Ñúñez, Jo')).toEqual(['Ñúñez']);
    expect(await found('LUKASZ, JOSE')).toEqual(['Łukasz']);
    expect(await found('Łukasz, José')).toEqual(['Łukasz']);
    expect(await found('obrien smith, mary ann')).toEqual(["O'Brien-Smith", 'OBRIEN SMITH']);
    expect(await found('O’Brien, José')).toEqual(['O’Brien']);
    expect(await found('strauss')).toEqual(['Strauß']);
    expect(await found('Strauß')).toEqual(['Strauß']);
    expect(await found('Ж, José')).toEqual([]);
  });
});

describe('a first import interrupted mid-file', () => {
  it('leaves the mirror empty with its key and indexes, and the next import loads it', async () => {
    await pg.query('TRUNCATE leie_exclusions, leie_changes');
    const file = join(dir, 'UPDATED-big.csv');
    await writeLeieFile(file, leieSampleLines(20_000, [], 5));
    const controller = new AbortController();
    const interrupted = importLeie({ databaseUrl: db.url, schema: 'credentialing', file, signal: controller.signal, onProgress: () => controller.abort() });
    await expect(interrupted).rejects.toThrow(/interrupted/);
    const indexes = async () =>
      (await pg.query(`SELECT indexname FROM pg_indexes WHERE schemaname = 'credentialing' AND tablename = 'leie_exclusions' ORDER BY indexname`)).rows.map((r) => r.indexname as string);
    expect(await indexes()).toEqual(['leie_exclusions_name', 'leie_exclusions_npi', 'leie_exclusions_pkey', 'leie_exclusions_search']);
    expect(Number((await pg.query('SELECT count(*) AS n FROM leie_exclusions')).rows[0].n)).toBe(0);
    const status = await pg.query(`SELECT status FROM leie_imports ORDER BY id DESC LIMIT 1`);
    expect(status.rows[0].status).toBe('failed');
    const report = await importLeie({ databaseUrl: db.url, schema: 'credentialing', file });
    expect(report).toMatchObject({ rowsRead: 20_000, rowsRejected: 0, removed: 0 });
    expect(report.added).toBe(report.mirrorRows);
    expect(await indexes()).toEqual(['leie_exclusions_name', 'leie_exclusions_npi', 'leie_exclusions_pkey', 'leie_exclusions_search']);
  }, 120_000);
});
