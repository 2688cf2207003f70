import fc from 'fast-check';
import { DEA_MESSAGES, deaCheckDigit, deaNumberProblem, isValidDeaNumber, sortDeaSchedules, withDeaCheckDigit } from './dea';

const registrant = fc.constantFrom('A', 'B', 'F', 'G', 'M', 'X');
const nameLetter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ9'.split(''));
const sixDigits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 6, maxLength: 6 }).map((d) => d.join(''));

describe('DEA numbers', () => {
  it('computes the check digit as the last digit of (d1 + d3 + d5) + 2 × (d2 + d4 + d6)', () => {
    // 1 + 3 + 5 = 9, 2 × (2 + 4 + 6) = 24, 33 -> 3.
    expect(deaCheckDigit('123456')).toBe(3);
    // 1 + 5 + 5 = 11, 2 × (4 + 2 + 7) = 26, 37 -> 7.
    expect(deaCheckDigit('145257')).toBe(7);
    expect(isValidDeaNumber('AB1234563')).toBe(true);
    expect(isValidDeaNumber('BJ1452577')).toBe(true);
    expect(isValidDeaNumber('mj1452577')).toBe(true);
    expect(isValidDeaNumber(' FS1452577 ')).toBe(true);
    expect(isValidDeaNumber('A91234563')).toBe(true);
  });

  it('refuses a wrong check digit, naming the reason', () => {
    expect(deaNumberProblem('AB1234567')).toBe(DEA_MESSAGES.checkDigit);
    expect(deaNumberProblem('BJ1452574')).toBe(DEA_MESSAGES.checkDigit);
  });

  it('refuses a first letter that is no registrant type, and other shapes', () => {
    expect(deaNumberProblem('ZB1234563')).toBe(DEA_MESSAGES.registrantType);
    expect(deaNumberProblem('QB1234563')).toBe(DEA_MESSAGES.registrantType);
    expect(deaNumberProblem('AB123456')).toBe(DEA_MESSAGES.shape);
    expect(deaNumberProblem('A11234563')).toBe(DEA_MESSAGES.shape);
    expect(deaNumberProblem('')).toBe(DEA_MESSAGES.shape);
    expect(deaNumberProblem(1234563)).toBe(DEA_MESSAGES.shape);
  });

  it('accepts every number completed by its check digit (property)', () => {
    fc.assert(fc.property(registrant, nameLetter, sixDigits, (r, n, d) => isValidDeaNumber(withDeaCheckDigit(`${r}${n}${d}`))));
  });

  it('refuses every other seventh digit, and every typo in the 1st, 3rd or 5th digit (property)', () => {
    fc.assert(
      fc.property(registrant, nameLetter, sixDigits, fc.integer({ min: 1, max: 9 }), fc.constantFrom(0, 2, 4), (r, n, d, shift, at) => {
        const valid = withDeaCheckDigit(`${r}${n}${d}`);
        const otherCheck = `${valid.slice(0, 8)}${(Number(valid[8]) + shift) % 10}`;
        const digits = [...d];
        digits[at] = String((Number(digits[at]) + shift) % 10);
        const typo = `${r}${n}${digits.join('')}${valid[8]}`;
        return !isValidDeaNumber(otherCheck) && !isValidDeaNumber(typo);
      }),
    );
  });
});

describe('DEA schedules', () => {
  it('orders schedules as DEA does (2, 2N, 3, 3N, 4, 5), each once', () => {
    expect(sortDeaSchedules(['5', '2N', '3', '2', '4', '3N'])).toEqual(['2', '2N', '3', '3N', '4', '5']);
    expect(sortDeaSchedules(['4', '2', '4'])).toEqual(['2', '4']);
  });

  it('gives the same order whatever order they came in (property)', () => {
    const all = ['1', '2', '2N', '3', '3N', '4', '5'];
    fc.assert(
      fc.property(fc.shuffledSubarray(all), (picked) => {
        const sorted = sortDeaSchedules(picked);
        return sorted.join() === all.filter((s) => picked.includes(s)).join();
      }),
    );
  });
});
