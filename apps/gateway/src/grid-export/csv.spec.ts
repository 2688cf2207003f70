import { parse } from 'csv-parse/sync';
import { csvCell, csvLine } from './csv';

describe('CSV export cells', () => {
  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Smith, Ann')).toBe('"Smith, Ann"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('prefixes text that starts like a formula (= + - @, tab, CR) so a spreadsheet shows it as text', () => {
    for (const v of ['=1+2', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(v).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-5)).toBe('-5');
  });

  it('reads back as the same cells with a CSV parser', () => {
    const cells = ['Smith, Ann', 'say "hi"', 'two\r\nlines', 'é ü 中', ''];
    expect(parse(csvLine(cells))).toEqual([cells]);
  });
});
