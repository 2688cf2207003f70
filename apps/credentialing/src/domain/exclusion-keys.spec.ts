import { createHash } from 'node:crypto';
import { asciiNameKey, asciiRowKey, asciiSearchText, contentHash, nameKeyParam, searchWordParam } from './exclusion-keys';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe("the exclusion mirror's keys in Node (their SQL twins: leie-keys.int-spec.ts)", () => {
  it('keys an ASCII name as its letters in upper case: hyphens, apostrophes, spaces, dots and digits out', () => {
    expect(asciiNameKey("O'Brien-Smith")).toBe('OBRIENSMITH');
    expect(asciiNameKey('Mc Donald')).toBe('MCDONALD');
    expect(asciiNameKey('McDonald')).toBe('MCDONALD');
    expect(asciiNameKey('  de la Cruz  ')).toBe('DELACRUZ');
    expect(asciiNameKey('St. John, Jr. 3rd')).toBe('STJOHNJRRD');
    expect(asciiNameKey('SMITH')).toBe('SMITH');
    expect(asciiNameKey('-')).toBe('');
    expect(asciiNameKey('')).toBe('');
    expect(asciiNameKey(null)).toBe('');
  });

  it("leaves a name with any other character to Postgres's unaccent (null)", () => {
    for (const name of ['Ñúñez', 'Łukasz', 'Strauß', 'O’Brien', 'Zoë']) expect(asciiNameKey(name)).toBeNull();
    expect(asciiSearchText('Müller', 'ANN', null, null)).toBeNull();
    expect(asciiRowKey('SMITH', 'Zoë', null, null, null, null, '2024-01-01')).toBeNull();
  });

  it('gives the search text and the md5 keys of the same strings as the SQL (fields joined by chr(31), null as empty)', () => {
    expect(asciiSearchText("O'Brien", 'Mary Ann', null, null)).toBe("o'brien mary ann  ");
    expect(asciiSearchText(null, null, null, 'ACME CLINIC')).toBe('   acme clinic');
    expect(asciiRowKey('Smith', 'john', null, null, '1234567893', '1970-01-31', '2024-02-29')).toBe(md5('SMITH\u001fJOHN\u001f\u001f\u001f1234567893\u001f1970-01-31\u001f2024-02-29'));
    expect(contentHash(['Ñúñez', null, 'X', null])).toBe(md5('Ñúñez\u001f\u001fX\u001f'));
  });

  it('reads a typed name or word as a query parameter: the key itself for ASCII, the SQL expression for the rest, nothing for no letter', () => {
    expect(nameKeyParam("o'brien", 1)).toEqual({ sql: '$1::text', value: 'OBRIEN' });
    expect(nameKeyParam('Łukasz', 2)).toEqual({ sql: expect.stringContaining('f_unaccent(coalesce($2::text'), value: 'Łukasz' });
    expect(nameKeyParam(' - ', 1)).toBeNull();
    expect(nameKeyParam('—', 1)).toBeNull();
    expect(searchWordParam('Smith', 1)).toEqual({ sql: '$1::text', value: '%smith%' });
    expect(searchWordParam('Strauß', 3)).toEqual({ sql: "'%' || lower(public.f_unaccent($3::text)) || '%'", value: 'Strauß' });
  });
});
