import { formatTimestamp } from './timestamp';

describe('timestamp formatting', () => {
  const instant = '2021-10-11T20:04:00.000Z';

  it('shows month, day, year at hour:minute with a negative UTC offset', () => {
    expect(formatTimestamp(instant, -300)).toBe('Oct 11, 2021 at 3:04 PM UTC-05:00');
  });

  it('shows a positive offset and morning hours', () => {
    expect(formatTimestamp('2021-01-05T03:09:00.000Z', 330)).toBe('Jan 5, 2021 at 8:39 AM UTC+05:30');
  });

  it('shows UTC itself as UTC+00:00', () => {
    expect(formatTimestamp(new Date(instant), 0)).toBe('Oct 11, 2021 at 8:04 PM UTC+00:00');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatTimestamp(Date.parse(instant), 0)).toBe('Oct 11, 2021 at 8:04 PM UTC+00:00');
  });

  it('uses the local offset when none is given', () => {
    expect(formatTimestamp(instant)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC[+-]\d{2}:\d{2}$/);
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatTimestamp('not a date')).toBe('');
  });
});
