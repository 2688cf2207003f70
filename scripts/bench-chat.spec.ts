import { ioStallMicros, stolenShare } from './bench-chat';

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

describe('the chat benchmark’s disk stalls', () => {
  it('are the kernel’s I/O pressure "full" total: microseconds in which all non-idle work waited on the disk', () => {
    const text = 'some avg10=0.01 avg60=0.67 avg300=1.31 total=9613604\nfull avg10=0.00 avg60=0.33 avg300=0.81 total=6830776\n';
    expect(ioStallMicros(text)).toBe(6_830_776);
  });

  it('are not reported where the kernel has no pressure file or no "full" line', () => {
    expect(ioStallMicros('some avg10=0.01 avg60=0.67 avg300=1.31 total=9613604\n')).toBeUndefined();
    expect(ioStallMicros('')).toBeUndefined();
  });
});
