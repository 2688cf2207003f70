import { compareCheckpoints, hasReached } from './checkpoint';

describe('checkpoints', () => {
  it('orders by transaction id, then global position, with null first', () => {
    const a = { transactionId: '9', globalPosition: '100' };
    const b = { transactionId: '10', globalPosition: '5' };
    const c = { transactionId: '10', globalPosition: '6' };
    expect(compareCheckpoints(a, b)).toBe(-1);
    expect(compareCheckpoints(c, b)).toBe(1);
    expect(compareCheckpoints(b, { ...b })).toBe(0);
    expect(compareCheckpoints(null, a)).toBe(-1);
    expect(compareCheckpoints(null, null)).toBe(0);
    expect(hasReached(c, b)).toBe(true);
    expect(hasReached(null, a)).toBe(false);
    expect(hasReached(a, null)).toBe(true);
  });
});
