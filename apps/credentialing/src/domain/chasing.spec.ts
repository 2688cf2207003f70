import { cadenceOf, chaseDue, chaseKey } from './chasing';

describe('chasing missing items', () => {
  const cadence = { everyDays: 7, maxTimes: 4 };

  it('chases an item at once, then every N days', () => {
    expect(chaseDue({ sent: 0, lastSentOn: null }, cadence, '2026-03-01')).toBe(1);
    expect(chaseDue({ sent: 1, lastSentOn: '2026-03-01' }, cadence, '2026-03-07')).toBeNull();
    expect(chaseDue({ sent: 1, lastSentOn: '2026-03-01' }, cadence, '2026-03-08')).toBe(2);
    expect(chaseDue({ sent: 2, lastSentOn: '2026-03-08' }, cadence, '2026-03-20')).toBe(3);
  });

  it('at most M times', () => {
    expect(chaseDue({ sent: 3, lastSentOn: '2026-03-15' }, cadence, '2026-03-22')).toBe(4);
    expect(chaseDue({ sent: 4, lastSentOn: '2026-03-22' }, cadence, '2026-05-01')).toBeNull();
    expect(chaseDue({ sent: 0, lastSentOn: null }, { everyDays: 7, maxTimes: 0 }, '2026-03-01')).toBeNull();
  });

  it('defaults to every 7 days at most 4 times; several practices: the most frequent cadence and the most chases', () => {
    expect(cadenceOf([])).toEqual({ everyDays: 7, maxTimes: 4 });
    expect(
      cadenceOf([
        { everyDays: 10, maxTimes: 2 },
        { everyDays: 3, maxTimes: 1 },
      ]),
    ).toEqual({ everyDays: 3, maxTimes: 2 });
  });

  it('an item is keyed by its code and the credential it names', () => {
    expect(chaseKey({ code: 'attestation-missing' })).toBe('attestation-missing');
    expect(chaseKey({ code: 'missing-dea', credentialId: 'c1' })).toBe('missing-dea:c1');
  });
});
