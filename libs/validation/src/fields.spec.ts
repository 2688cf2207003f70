import {
  isValidAccountMobile,
  isValidCode,
  isValidDisplayName,
  isValidEmail,
  isValidPassword,
  isValidUsPhone,
  isValidUserName,
  lastDigits,
  normalizePhone,
} from './fields';

describe('field rules', () => {
  it('accepts user names of 2 to 20 characters without spaces', () => {
    expect(isValidUserName('ab')).toBe(true);
    expect(isValidUserName('a'.repeat(20))).toBe(true);
    expect(isValidUserName('a')).toBe(false);
    expect(isValidUserName('a'.repeat(21))).toBe(false);
    expect(isValidUserName('john doe')).toBe(false);
  });
  it('accepts display names of 2 to 40 characters', () => {
    expect(isValidDisplayName('Dr')).toBe(true);
    expect(isValidDisplayName('D')).toBe(false);
    expect(isValidDisplayName('x'.repeat(41))).toBe(false);
  });
  it('requires passwords of at least 8 characters with no spaces', () => {
    expect(isValidPassword('abcdefgh')).toBe(true);
    expect(isValidPassword('abcdefg')).toBe(false);
    expect(isValidPassword('abcd efgh')).toBe(false);
  });
  it('checks emails', () => {
    expect(isValidEmail('jane.doe@clinic.org')).toBe(true);
    expect(isValidEmail('jane@')).toBe(false);
    expect(isValidEmail('<script>@x.io')).toBe(false);
  });
  it('accepts US phones and, for account mobiles, US or Pakistan numbers', () => {
    expect(isValidUsPhone('(123) 456-7890')).toBe(false); // no US area code starts with 1
    expect(isValidUsPhone('(212) 736-5000')).toBe(true);
    expect(isValidUsPhone('+92 300 1234567')).toBe(false);
    expect(isValidAccountMobile('+92 300 1234567')).toBe(true);
    expect(isValidAccountMobile('+44 7911 123456')).toBe(false);
    expect(normalizePhone('212-736-5000')).toBe('+12127365000');
  });
  it('requires six-digit codes', () => {
    expect(isValidCode('123456')).toBe(true);
    expect(isValidCode('12345')).toBe(false);
    expect(isValidCode('12345a')).toBe(false);
  });
  it('gives the last digits of a number', () => {
    expect(lastDigits('+1 (212) 736-5000')).toBe('5000');
  });
});
