import { addDays, daysBetween, expiryBadge, toShownDate, toWireDate, withShownDates } from './dates';

describe('credentialing dates', () => {
  it('reads mm/dd/yyyy as yyyy-mm-dd, refusing days that do not exist', () => {
    expect(toWireDate('06/01/2030')).toBe('2030-06-01');
    expect(toWireDate('6/1/2030')).toBe('2030-06-01');
    expect(toWireDate('02/29/2028')).toBe('2028-02-29');
    for (const bad of ['02/29/2027', '13/01/2030', '2030-06-01', '06/01/30', '', '00/10/2020', '06/01/1800']) expect(toWireDate(bad)).toBeNull();
  });

  it('shows yyyy-mm-dd (and timestamps) as mm/dd/yyyy, also inside a server message', () => {
    expect(toShownDate('2030-06-01')).toBe('06/01/2030');
    expect(toShownDate('2026-11-26T10:00:00Z')).toBe('11/26/2026');
    expect(toShownDate(null)).toBe('');
    expect(withShownDates('verification of 2026-07-01 is 148 days old')).toBe('verification of 07/01/2026 is 148 days old');
  });

  it('counts calendar days', () => {
    expect(daysBetween('2026-11-26', '2026-12-26')).toBe(30);
    expect(daysBetween('2026-11-26', '2026-11-25')).toBe(-1);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('badges an expiry: expired, under 30 days, under 90 days, current', () => {
    const today = '2026-11-26';
    expect(expiryBadge('2026-11-25', today)).toMatchObject({ level: 'expired', label: 'Expired' });
    expect(expiryBadge('2026-11-26', today)).toMatchObject({ level: 'under30', label: 'Expires today' });
    expect(expiryBadge('2026-11-27', today)).toMatchObject({ level: 'under30', label: 'Expires in 1 day' });
    expect(expiryBadge('2026-12-25', today)).toMatchObject({ level: 'under30', label: 'Expires in 29 days' });
    expect(expiryBadge('2026-12-26', today)).toMatchObject({ level: 'under90', label: 'Expires in 30 days' });
    expect(expiryBadge('2027-02-23', today)).toMatchObject({ level: 'under90', label: 'Expires in 89 days' });
    expect(expiryBadge('2027-02-24', today)).toMatchObject({ level: 'current', label: 'Valid until 02/24/2027' });
    expect(expiryBadge(null, today)).toBeNull();
  });
});
