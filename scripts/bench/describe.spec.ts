import { describe as describeFigure } from './index';

describe("a benchmark figure's line in bench/REPORT.md", () => {
  it('prints a fractional baseline with its decimals, not rounded to 0 (CPU ms per message of the bare path)', () => {
    const line = describeFigure({
      label: 'CPU per message: gateway',
      value: 1.02,
      unit: 'ms',
      baseline: { label: 'bare path: gateway', value: 0.25 },
      ratio: 4.08,
    });
    expect(line).toBe('CPU per message: gateway: 1.02 ms vs bare path: gateway 0.25 ms (ratio 4.08)');
  });

  it('groups whole numbers and says whether a target is met', () => {
    const line = describeFigure({ label: 'client send -> recipient socket p99', value: 12818, unit: 'ms', target: '< 100 ms', met: false });
    expect(line).toBe('client send -> recipient socket p99: 12,818 ms [target < 100 ms: NOT met]');
  });
});
