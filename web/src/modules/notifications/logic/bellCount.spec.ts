import { bellCountAfterLive, bellCountFromServer, bellLabel, countOf } from './bellCount';

describe('bell count', () => {
  it('reads counts as whole numbers of at least 0', () => {
    expect(countOf(3)).toBe(3);
    expect(countOf(0)).toBe(0);
    expect(countOf('4')).toBe(4);
    expect(countOf(2.7)).toBe(2);
    expect(countOf(-1)).toBeNull();
    expect(countOf('x')).toBeNull();
    expect(countOf('')).toBeNull();
    expect(countOf(null)).toBeNull();
    expect(countOf(undefined)).toBeNull();
    expect(countOf(Number.NaN)).toBeNull();
  });

  it('takes the count a live notification carries while the drawer is closed', () => {
    expect(bellCountAfterLive(1, 2, false)).toBe(2);
    expect(bellCountAfterLive(5, 0, false)).toBe(0);
  });

  it('counts one more when a live notification carries no count', () => {
    expect(bellCountAfterLive(1, undefined, false)).toBe(2);
    expect(bellCountAfterLive(0, 'x', false)).toBe(1);
  });

  it('stays at 0 while the drawer is open', () => {
    expect(bellCountAfterLive(0, 3, true)).toBe(0);
  });

  it('takes the server count, or keeps 0 and resets the server while the drawer is open', () => {
    expect(bellCountFromServer(3, false)).toEqual({ count: 3, resetServer: false });
    expect(bellCountFromServer(0, false)).toEqual({ count: 0, resetServer: false });
    expect(bellCountFromServer(3, true)).toEqual({ count: 0, resetServer: true });
    expect(bellCountFromServer(0, true)).toEqual({ count: 0, resetServer: false });
    expect(bellCountFromServer(undefined, false)).toBeNull();
  });

  it('names the bell with the count when there is one', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications (3 new)');
  });
});
