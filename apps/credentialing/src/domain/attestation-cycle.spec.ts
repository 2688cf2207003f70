import { attestationDueOn, attestationLapsed, attestationReminderDue } from './attestation-cycle';

describe('re-attestation every 120 days', () => {
  it('is due 120 days after signing and lapses the day after', () => {
    expect(attestationDueOn('2026-01-01')).toBe('2026-05-01');
    expect(attestationLapsed('2026-01-01', '2026-05-01')).toBe(false);
    expect(attestationLapsed('2026-01-01', '2026-05-02')).toBe(true);
  });

  it('reminds 15, 10 and 5 days before the due date, nothing before nor from the due date on', () => {
    const signed = '2026-01-01'; // due 2026-05-01
    expect(attestationReminderDue(signed, '2026-04-15')).toBeNull(); // 16 days left
    expect(attestationReminderDue(signed, '2026-04-16')).toBe(15);
    expect(attestationReminderDue(signed, '2026-04-20')).toBe(15); // 11 days left
    expect(attestationReminderDue(signed, '2026-04-21')).toBe(10);
    expect(attestationReminderDue(signed, '2026-04-26')).toBe(5);
    expect(attestationReminderDue(signed, '2026-04-30')).toBe(5); // 1 day left
    expect(attestationReminderDue(signed, '2026-05-01')).toBeNull();
    expect(attestationReminderDue(signed, '2026-06-01')).toBeNull();
  });

  it('a run that missed a threshold catches up with the next one', () => {
    expect(attestationReminderDue('2026-01-01', '2026-04-23')).toBe(10); // 8 days left: the 10-day reminder
  });
});
