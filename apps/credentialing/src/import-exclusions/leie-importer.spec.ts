import { LEIE_HEADER, leieCsvLine, leieLayout } from './leie-record';
import { leieCopyLine, normalizeLineEnds, splitLeieLine, type LineLayout } from './leie-importer';

const layout: LineLayout = { ...leieLayout([...LEIE_HEADER]), width: LEIE_HEADER.length };
const row = (values: Parameters<typeof leieCsvLine>[0]) => leieCopyLine(splitLeieLine(leieCsvLine(values))!, layout, 7);

describe("the LEIE importer's lines", () => {
  it('reads CRLF, LF and lone CR line ends as readline does (all LF), a CR ending a chunk waiting for the next', () => {
    expect(normalizeLineEnds('"A","B"\r\n"C"\r"D"\n', true).text).toBe('"A","B"\n"C"\n"D"\n');
    const first = normalizeLineEnds('"A"\r', false);
    expect(first).toEqual({ text: '"A"', carry: '\r' });
    expect(normalizeLineEnds(`${first.carry}\n"B"\0\r\n`, false).text).toBe('\n"B"\n');
    expect(normalizeLineEnds('\r', true).text).toBe('\n');
  });

  it("splits OIG's fully quoted lines at once, anything else with csv-parse, and null for a broken line", () => {
    expect(splitLeieLine('"SMITH","JOHN",""')).toEqual(['SMITH', 'JOHN', '']);
    expect(splitLeieLine('SMITH,"JOHN, JR",x')).toEqual(['SMITH', 'JOHN, JR', 'x']);
    expect(splitLeieLine('"O""BRIEN","PAT"')).toEqual(['O"BRIEN', 'PAT']);
    expect(splitLeieLine('"BROKEN"QUOTE","X"')).toBeNull();
  });

  it('maps a row to COPY text: trimmed, empty and zero NPI as null, dates yyyy-mm-dd, state upper case, the line number last', () => {
    expect(row({ LASTNAME: ' SMITH ', FIRSTNAME: 'JOHN', NPI: '0000000000', STATE: 'ny', DOB: '19700101', EXCLDATE: '20240229', REINDATE: '00000000', ZIP: '12207', WVRSTATE: 'NY' })).toBe(
      'SMITH\tJOHN\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t1970-01-01\t\\N\t\\N\tNY\t12207\t\\N\t2024-02-29\t\\N\t\\N\tNY\t7\n',
    );
    const escaped = leieCopyLine(splitLeieLine(leieCsvLine({ LASTNAME: 'A\\B', FIRSTNAME: 'C\tD', EXCLDATE: '20240101' }))!, layout, 8, true);
    expect(typeof escaped === 'string' && escaped.startsWith('A\\\\B\tC\\tD\t')).toBe(true);
  });

  it('gives the first reason to reject a row', () => {
    expect(leieCopyLine(['ONLY', 'THREE', 'FIELDS'], layout, 1)).toEqual({ reject: 'expected 18 fields, got 3' });
    expect(row({ LASTNAME: 'X', NPI: '12345', EXCLDATE: '20230101' })).toEqual({ reject: 'NPI: not 10 digits (12345)' });
    expect(row({ FIRSTNAME: 'X', EXCLDATE: '20230101' })).toEqual({ reject: 'no LASTNAME and no BUSNAME' });
    expect(row({ LASTNAME: 'X', STATE: 'N1', EXCLDATE: '20230101' })).toEqual({ reject: 'STATE: not a two-letter code (N1)' });
    expect(row({ LASTNAME: 'X', EXCLDATE: '20231345' })).toEqual({ reject: 'EXCLDATE: no such date (20231345)' });
    expect(row({ LASTNAME: 'X', EXCLDATE: '2023-1-1' })).toEqual({ reject: 'EXCLDATE: not a yyyymmdd date (2023-1-1)' });
    expect(row({ LASTNAME: 'X', EXCLDATE: '00000000' })).toEqual({ reject: 'EXCLDATE is missing' });
    expect(row({ LASTNAME: 'X', EXCLDATE: '20230101', DOB: '19700229' })).toEqual({ reject: 'DOB: no such date (19700229)' });
    expect(row({ LASTNAME: 'X', EXCLDATE: '20230101', WAIVERDATE: '2023' })).toEqual({ reject: 'WAIVERDATE: not a yyyymmdd date (2023)' });
  });
});
