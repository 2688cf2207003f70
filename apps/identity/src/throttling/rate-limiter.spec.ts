import { delayAfter } from './rate-limiter';

describe('throttle delays', () => {
  const policy = { threshold: 5, baseDelaySeconds: 30, maxDelaySeconds: 900 };
  it('lets the first four failures through without delay', () => {
    expect([1, 2, 3, 4].map((n) => delayAfter(n, policy))).toEqual([0, 0, 0, 0]);
  });
  it('doubles the delay with every further failure, up to the maximum', () => {
    expect([5, 6, 7, 8, 9, 10, 11, 40].map((n) => delayAfter(n, policy))).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  });
});
