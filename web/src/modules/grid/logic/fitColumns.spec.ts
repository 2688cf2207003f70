import { fitColumnWidths } from './fitColumns';

describe('fitColumnWidths', () => {
  it('shares the width in proportion to the declared widths when every share is above its floor', () => {
    expect(fitColumnWidths([200, 100, 100], [0, 0, 0], 800)).toEqual([400, 200, 200]);
  });

  it('holds a column at its floor and lets the others give up the difference', () => {
    // Shares would be 600, 100, 100: the last two need 130 each.
    const widths = fitColumnWidths([600, 100, 100], [0, 130, 130], 800);
    expect(widths).toEqual([540, 130, 130]);
    expect(widths.reduce((a, b) => a + b)).toBe(800);
  });

  it('keeps every floor (the grid scrolls) when the floors alone are wider than the grid', () => {
    expect(fitColumnWidths([200, 200], [300, 300], 500)).toEqual([300, 300]);
  });

  it('fills the grid exactly despite rounding', () => {
    const widths = fitColumnWidths([170, 170, 160, 170, 320, 170, 170], [0, 0, 0, 0, 0, 125, 125], 1003);
    expect(widths.reduce((a, b) => a + b)).toBe(1003);
    expect(Math.min(widths[5]!, widths[6]!)).toBeGreaterThanOrEqual(125);
  });
});
