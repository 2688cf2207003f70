import { closeSync, openSync, writeSync } from 'node:fs';
import { activitySnapshot, activityUsed, kernelActivity } from './cpu';

describe('the benchmarks’ kernel activity counters', () => {
  it('count the system calls a process makes between two snapshots', async () => {
    const group = [{ name: 'self', pids: () => [process.pid] }];
    const before = await activitySnapshot(group);
    const fd = openSync('/dev/null', 'w');
    try {
      for (let i = 0; i < 50; i++) writeSync(fd, 'x');
    } finally {
      closeSync(fd);
    }
    const used = activityUsed(before, await activitySnapshot(group)).get('self')!;
    expect(used.writes).toBeGreaterThanOrEqual(50);
    expect(used.reads).toBeGreaterThanOrEqual(0);
    expect(used.voluntary + used.involuntary).toBeGreaterThanOrEqual(0);
  });

  it('leave out a process that is gone, and a group none of whose processes were there before', async () => {
    expect(kernelActivity(2 ** 30)).toBeUndefined();
    const before = await activitySnapshot([{ name: 'gone', pids: () => [2 ** 30] }]);
    const after = await activitySnapshot([{ name: 'gone', pids: () => [process.pid] }]);
    expect(activityUsed(before, after).has('gone')).toBe(false);
  });
});
