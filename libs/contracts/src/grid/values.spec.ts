import { normalizeGridText, parseAdvancedTerms, parseDaysAgo, parseGridDate, parseGridNumber, splitGridRange } from './values';

describe('grid filter values', () => {
  it('reads ISO calendar dates that exist', () => {
    expect(parseGridDate('2024-02-29')).toBe('2024-02-29');
    expect(parseGridDate(' 2000-02-29 ')).toBe('2000-02-29');
    for (const bad of ['2023-02-29', '1900-02-29', '2024-02-30', '2024-13-01', '2024-00-10', '2024-01-00', '2024-1-1', '01/02/2024', 'x', '0000-01-01', "2024-01-01'"]) {
      expect(parseGridDate(bad)).toBeUndefined();
    }
  });

  it('reads plain decimal numbers only', () => {
    expect(parseGridNumber('12')).toBe('12');
    expect(parseGridNumber(' -3.50 ')).toBe('-3.50');
    expect(parseGridNumber('+7')).toBe('7');
    expect(parseGridNumber('.25')).toBe('0.25');
    expect(parseGridNumber('5.')).toBe('5');
    for (const bad of ['', '-', '1e5', '1,000', '0x10', 'NaN', 'Infinity', '1 2', '--1', '1; DROP TABLE x', '9'.repeat(31)]) {
      expect(parseGridNumber(bad)).toBeUndefined();
    }
  });

  it('splits a range at its one colon', () => {
    expect(splitGridRange('10:20')).toEqual(['10', '20']);
    expect(splitGridRange(' 2024-01-01 : 2024-03-31 ')).toEqual(['2024-01-01', '2024-03-31']);
    expect(splitGridRange('10')).toBeUndefined();
    expect(splitGridRange('1:2:3')).toBeUndefined();
  });

  it('reads daysAgo as a whole number of days from 1', () => {
    expect(parseDaysAgo('7')).toBe(7);
    expect(parseDaysAgo('36500')).toBe(36500);
    for (const bad of ['0', '-1', '1.5', '36501', 'x', '']) expect(parseDaysAgo(bad)).toBeUndefined();
  });

  it('splits advanced filters into required and excluded terms, quotes keeping spaces', () => {
    expect(parseAdvancedTerms('jose  -nunez "new york" -"san jose" - ""')).toEqual([
      { term: 'jose', exclude: false },
      { term: 'nunez', exclude: true },
      { term: 'new york', exclude: false },
      { term: 'san jose', exclude: true },
    ]);
    expect(parseAdvancedTerms('"unclosed quote')).toEqual([{ term: 'unclosed quote', exclude: false }]);
    expect(parseAdvancedTerms('--x a-b')).toEqual([
      { term: '-x', exclude: true },
      { term: 'a-b', exclude: false },
    ]);
    expect(parseAdvancedTerms('   ')).toEqual([]);
  });

  it('compares text without case or accents', () => {
    expect(normalizeGridText('José Ñúñez ZOË')).toBe('jose nunez zoe');
  });
});
