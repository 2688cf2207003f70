import fc from 'fast-check';
import { MAX_VALIDITY_YEARS, addYears, endProblem, expiryProblem, isWireDate, localDay, pastDateProblem, utcDay } from './dates';

const TODAY = '2026-06-15';
const day = fc.date({ min: new Date('1850-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map(utcDay);

describe('date rules', () => {
  it('knows calendar days', () => {
    expect(isWireDate('2024-02-29')).toBe(true);
    expect(isWireDate('2023-02-29')).toBe(false);
    expect(isWireDate('2024-13-01')).toBe(false);
    expect(isWireDate('06/15/2026')).toBe(false);
  });

  it('gives today on the server clock (UTC) and on the browser clock (local)', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(utcDay(now)).toBe('2026-06-15');
    expect(localDay(new Date(2026, 5, 15, 23, 59))).toBe('2026-06-15');
  });

  it('refuses an issue date after today or before 1900, and takes today and the past', () => {
    expect(pastDateProblem('2030-01-01', TODAY)).toBe('cannot be in the future');
    expect(pastDateProblem('2026-06-16', TODAY)).toBe('cannot be in the future');
    expect(pastDateProblem('1899-12-31', TODAY)).toBe('not before 1900');
    expect(pastDateProblem(TODAY, TODAY)).toBeNull();
    expect(pastDateProblem('1900-01-01', TODAY)).toBeNull();
    expect(pastDateProblem(undefined, TODAY)).toBeNull();
  });

  it('refuses an expiry before the issue or more than 15 years after it; an expiry in the past is a fact', () => {
    expect(expiryProblem('2020-01-01', '2019-12-31')).toBe('must be on or after issuedOn');
    expect(expiryProblem('2020-01-01', '2035-01-02')).toBe('at most 15 years after issuedOn');
    expect(expiryProblem('2020-01-01', '2035-01-01')).toBeNull();
    expect(expiryProblem('2010-01-01', '2012-01-01')).toBeNull();
    expect(expiryProblem('2020-01-01', '1899-01-01')).toBe('not before 1900');
    expect(expiryProblem('2020-01-01', '2040-01-01', 'Issue Date')).toBe('at most 15 years after Issue Date');
  });

  it('accepts exactly 15 years and refuses one day more, for any issue date (property)', () => {
    fc.assert(
      fc.property(
        day.filter((d) => d >= '1900-01-01'),
        (issued) => {
          const last = addYears(issued, MAX_VALIDITY_YEARS);
          const next = utcDay(new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000));
          return expiryProblem(issued, issued) === null && expiryProblem(issued, last) === null && expiryProblem(issued, next) === 'at most 15 years after issuedOn';
        },
      ),
    );
  });

  it('takes 29 February to 28 February in a common year', () => {
    expect(addYears('2024-02-29', 15)).toBe('2039-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
  });

  it('refuses a period ending before it starts or ending in the future', () => {
    expect(endProblem('2020-05-01', '2020-04-30', TODAY)).toBe('must be on or after startedOn');
    expect(endProblem('2020-05-01', '2027-01-01', TODAY)).toBe('cannot be in the future');
    expect(endProblem('2020-05-01', '2020-05-01', TODAY)).toBeNull();
    expect(endProblem('2020-05-01', null, TODAY)).toBeNull();
  });

  it('accepts a date exactly when it is between 1900 and today (property)', () => {
    fc.assert(fc.property(day, day, (value, today) => (pastDateProblem(value, today) === null) === (value >= '1900-01-01' && value <= today)));
  });
});
