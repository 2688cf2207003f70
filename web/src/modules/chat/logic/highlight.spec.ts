import { highlightParts, matchesTerm } from './highlight';

describe('search highlighting', () => {
  it('marks every match ignoring case and accents, keeping the original text', () => {
    expect(highlightParts('José and jose', 'JOSE')).toEqual([
      { text: 'José', match: true },
      { text: ' and ', match: false },
      { text: 'jose', match: true },
    ]);
    expect(highlightParts('Board minutes', 'min')).toEqual([
      { text: 'Board ', match: false },
      { text: 'min', match: true },
      { text: 'utes', match: false },
    ]);
  });

  it('marks nothing for an empty or blank term', () => {
    expect(highlightParts('Board', '  ')).toEqual([{ text: 'Board', match: false }]);
    expect(matchesTerm('Board', '')).toBe(false);
    expect(matchesTerm('Renée Roe', 'renee')).toBe(true);
    expect(matchesTerm(undefined, 'x')).toBe(false);
  });
});
