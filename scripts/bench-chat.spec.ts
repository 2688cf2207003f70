import { stolenShare } from './bench-chat';

describe('the chat benchmark’s steal time', () => {
  it('is the share of the machine’s CPU ticks between two readings that the hypervisor gave away', () => {
    expect(stolenShare({ steal: 100, total: 10_000 }, { steal: 150, total: 11_000 })).toBe(5);
    expect(stolenShare({ steal: 0, total: 0 }, { steal: 0, total: 2_000 })).toBe(0);
    expect(stolenShare({ steal: 7, total: 500 }, { steal: 8, total: 1_500 })).toBe(0.1);
  });

  it('is 0 where /proc/stat could not be read or no time passed', () => {
    expect(stolenShare({ steal: 0, total: 0 }, { steal: 0, total: 0 })).toBe(0);
    expect(stolenShare({ steal: 5, total: 900 }, { steal: 5, total: 900 })).toBe(0);
  });
});
