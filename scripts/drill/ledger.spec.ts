import { backAt, missedTargets, summaryLine, verdict, type Attempt } from './ledger';

const attempt = (over: Partial<Attempt>): Attempt => ({ requestId: 'r', kind: 'chat', status: 200, at: 0, doneAt: 0, ...over });

describe('the drill verdict', () => {
  const attempts: Attempt[] = [
    attempt({ requestId: 'a', kind: 'chat' }),
    attempt({ requestId: 'b', kind: 'credential' }),
    attempt({ requestId: 'c', kind: 'signIn' }),
    attempt({ requestId: 'd', kind: 'profile', status: 503 }),
    attempt({ requestId: 'e', kind: 'profile', status: 'network-error' }),
    attempt({ requestId: 'f', kind: 'chat', status: 500 }),
  ];

  it('counts an acknowledged write missing from its store as lost, stored twice as duplicated, and 5xx other than 503', () => {
    const v = verdict(attempts, new Map([['a', 1], ['b', 2]]), new Set(['a', 'b']), []);
    expect(v).toMatchObject({ acknowledged: 3, lost: 1, duplicated: 1, serverErrors: 1, missingFromReadModels: 0 });
    expect(v.byStatus).toEqual({ '200': 3, '503': 1, 'network-error': 1, '500': 1 });
  });

  it('prints the one summary line and names every missed target', () => {
    const v = verdict(attempts, new Map([['a', 1], ['b', 1], ['c', 1]]), new Set(['a']), [
      { target: 'identity', killedAt: 1000, backAt: 4000 },
      { target: 'postgres', killedAt: 1000, backAt: 8500 },
    ]);
    expect(summaryLine(v)).toBe('drill: 3 acknowledged writes, 0 lost, 0 duplicated, 1 answers >= 500 other than 503, slowest recovery 7.5 s');
    expect(missedTargets(v, 5)).toEqual(['1 answers >= 500 other than 503', '1 acknowledged writes missing from the read models', 'slowest recovery 7.5 s (target 5 s)']);
    expect(missedTargets(verdict([attempt({ requestId: 'a' })], new Map([['a', 1]]), new Set(['a']), [{ target: 'gateway', killedAt: 0, backAt: 2000 }]), 5)).toEqual([]);
  });

  it("counts a server's recovery from its restart (its own start is not the system's), an app's from its kill", () => {
    const v = verdict([attempt({ requestId: 'a' })], new Map([['a', 1]]), new Set(['a']), [
      { target: 'identity', killedAt: 1000, backAt: 4000 },
      { target: 'postgres', killedAt: 1000, restartedAt: 9000, backAt: 11000 },
    ]);
    expect(v.slowestRecoveryS).toBe(3);
  });

  it('is back when every kind was acknowledged again after the kill and the system was ready', () => {
    const kinds = ['chat', 'signIn'] as const;
    const log: Attempt[] = [
      attempt({ kind: 'chat', at: 50, doneAt: 120 }), // begun before the kill: does not count
      attempt({ kind: 'chat', at: 110, doneAt: 300 }),
      attempt({ kind: 'signIn', at: 150, doneAt: 260, status: 503 }),
      attempt({ kind: 'signIn', at: 270, doneAt: 400 }),
      attempt({ kind: 'chat', at: 280, doneAt: 290 }),
    ];
    expect(backAt(log, 100, 200, kinds)).toBe(400);
    expect(backAt(log, 100, 900, kinds)).toBe(900);
    expect(backAt(log, 100, null, kinds)).toBeNull();
    expect(backAt(log, 350, 360, kinds)).toBeNull();
  });
});
