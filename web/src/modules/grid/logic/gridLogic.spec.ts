import { clampPage, pagerText, skipOf, totalPagesOf } from './pager';
import { cycleSorting, nextSortOrder } from './sortCycle';
import { appliedFilterValue, initialFilterType } from './filterTypes';
import { columnPrefsKey, loadColumnPrefs, saveColumnPrefs } from './columnPrefs';

describe('pager', () => {
  it('counts pages of 10, rounded up', () => {
    expect([0, 1, 10, 11, 1000].map((count) => totalPagesOf(count))).toEqual([0, 1, 1, 2, 100]);
    expect(skipOf(1)).toBe(0);
    expect(skipOf(3)).toBe(20);
  });

  it("says 'Page X of Y' or 'No Results'", () => {
    expect(pagerText(2, 5)).toBe('Page 2 of 5');
    expect(pagerText(1, 0)).toBe('No Results');
  });

  it('clamps pages and ignores paging without pages', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(4, 3)).toBe(3);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(2, 0)).toBeUndefined();
  });
});

describe('sort cycle', () => {
  it('goes 0 → 1 → -1 → 0 on one column at a time', () => {
    expect([nextSortOrder(0), nextSortOrder(1), nextSortOrder(-1)]).toEqual([1, -1, 0]);
    expect(cycleSorting({}, 'a')).toEqual({ a: 1 });
    expect(cycleSorting({ a: 1 }, 'a')).toEqual({ a: -1 });
    expect(cycleSorting({ a: -1 }, 'a')).toEqual({});
    expect(cycleSorting({ a: -1 }, 'b')).toEqual({ b: 1 });
  });
});

describe('filter values', () => {
  it("sends ranges as 'a:b' only when both ends are valid", () => {
    expect(appliedFilterValue('numberRange', 'number', '1:5')).toBe('1:5');
    expect(appliedFilterValue('numberRange', 'number', '1:')).toBe('');
    expect(appliedFilterValue('numberRange', 'number', 'x:5')).toBe('');
    expect(appliedFilterValue('dateRange', 'date', '2024-01-01:2024-02-01')).toBe('2024-01-01:2024-02-01');
    expect(appliedFilterValue('equalsTo', 'number', '12a')).toBe('');
    expect(appliedFilterValue('daysAgo', 'date', '7')).toBe('7');
    expect(appliedFilterValue('daysAgo', 'date', '7.5')).toBe('');
    expect(appliedFilterValue('contains', 'string', ' a ')).toBe('a');
  });

  it('starts with an allowed filter type', () => {
    expect(initialFilterType('string', undefined)).toBe('contains');
    expect(initialFilterType('number', 'lessThan', ['lessThan'])).toBe('equalsTo');
    expect(initialFilterType('date', undefined, ['onDate'])).toBe('afterDate');
  });
});

describe('column choices', () => {
  it('saves per grid and drops malformed entries', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    } as Storage;
    saveColumnPrefs('g', { a: { pin: 'left', align: 'right' } }, storage);
    expect(loadColumnPrefs('g', storage)).toEqual({ a: { pin: 'left', align: 'right' } });
    expect(loadColumnPrefs('other', storage)).toEqual({});
    storage.setItem(columnPrefsKey('bad'), JSON.stringify({ a: { pin: 'up', align: 'center' }, b: 3 }));
    expect(loadColumnPrefs('bad', storage)).toEqual({ a: { align: 'center' } });
    storage.setItem(columnPrefsKey('broken'), '{');
    expect(loadColumnPrefs('broken', storage)).toEqual({});
  });
});
