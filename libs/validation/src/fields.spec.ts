import {
  isValidAccountMobile,
  isValidCode,
  isValidDisplayName,
  isValidEmail,
  isValidPassword,
  isValidUsPhone,
  isValidUserName,
  lastDigits,
  normalizeAccountMobile,
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
    expect(normalizePhone('(212) 736-5000', ['US'])).toBe('+12127365000');
  });
  it('requires six-digit codes', () => {
    expect(isValidCode('123456')).toBe(true);
    expect(isValidCode('12345')).toBe(false);
    expect(isValidCode('12345a')).toBe(false);
  });
  it('gives the last digits of a number', () => {
    expect(lastDigits('+1 (212) 736-5000')).toBe('5000');
  });

  describe('account mobile: read as US unless it starts with +92 or 0092', () => {
    // [as typed, E.164]
    const validUs: [string, string][] = [
      ['(212) 736-5000', '+12127365000'],
      ['212-736-5000', '+12127365000'],
      ['+1 212 736 5000', '+12127365000'],
      ['2127365000', '+12127365000'],
      ['+12024561111', '+12024561111'],
      ['1 (917) 555-0134', '+19175550134'],
      ['1-312-555-0198', '+13125550198'],
      ['312.555.0198', '+13125550198'],
      ['+1 (646) 555-0123', '+16465550123'],
      ['(305) 555-0147', '+13055550147'],
      ['617 555 0110', '+16175550110'],
      ['713-555-0163', '+17135550163'],
      ['+1 206 555 0177', '+12065550177'],
      ['404.555.0182', '+14045550182'],
      ['(303) 555-0101', '+13035550101'],
      ['702-555-0129', '+17025550129'],
      ['+1 818 555 0155', '+18185550155'],
      ['347 555 0102', '+13475550102'],
      ['(480) 555-0190', '+14805550190'],
      ['214-555-0138', '+12145550138'],
      ['+1 (512) 555-0171', '+15125550171'],
      ['615 555 0114', '+16155550114'],
      ['(704) 555-0123', '+17045550123'],
      ['801-555-0161', '+18015550161'],
      ['+1 971 555 0145', '+19715550145'],
      [' (415) 555-0132 ', '+14155550132'],
      ['+12025550100', '+12025550100'], // the master admin's default
    ];
    const validPakistanMobiles: [string, string][] = [
      ['+92 300 1234567', '+923001234567'],
      ['+923001234567', '+923001234567'],
      ['0092 321 7654321', '+923217654321'],
      ['+92-333-5556677', '+923335556677'],
      ['+92 (345) 1234567', '+923451234567'],
      ['00923111234567', '+923111234567'],
      ['+92 301 2345678', '+923012345678'],
      ['+92 302 9876543', '+923029876543'],
      ['+92 310 1112223', '+923101112223'],
      ['+92 312 4455667', '+923124455667'],
      ['+92 315 7788990', '+923157788990'],
      ['+92 320 1234321', '+923201234321'],
      ['+92 322 5566778', '+923225566778'],
      ['+92 331 2233445', '+923312233445'],
      ['+92 334 9988776', '+923349988776'],
      ['+92 340 1212121', '+923401212121'],
      ['+92 343 3434343', '+923433434343'],
      ['+92 345 6789012', '+923456789012'],
      ['+92 355 1234567', '+923551234567'],
      ['+92 304 1231234', '+923041231234'],
      ['+92 306 7654321', '+923067654321'],
      ['+92 318 9090909', '+923189090909'],
      [' + 92 300 7654321', '+923007654321'],
    ];
    const invalid: [string, string][] = [
      ['(555) 123-4567', 'mistyped US number (no area code 555), not a Pakistani one'],
      ['+1 (555) 123-4567', 'no US area code 555'],
      ['212 555 014', 'US number one digit short, not a Pakistani one'],
      ['(212) 555-014', 'US number one digit short'],
      ['212-736-50000', 'US number one digit too many'],
      ['+1 212 736 500', 'US number one digit short'],
      ['555-0100', 'no area code'],
      ['(123) 456-7890', 'no US area code starts with 1'],
      ['+92 21 1234567', 'Karachi landline, one digit short'],
      ['+92 21 34567890', 'Karachi landline'],
      ['0092 21 34567890', 'Karachi landline'],
      ['+92 42 35761234', 'Lahore landline'],
      ['+92 51 2345678', 'Islamabad landline'],
      ['+92 800 12345', 'Pakistani toll-free number'],
      ['+92 300 123456', 'Pakistani mobile one digit short'],
      ['+92 300 12345678', 'Pakistani mobile one digit too many'],
      ['+923', 'country code alone'],
      ['0300 1234567', 'Pakistani national format: read as US'],
      ['92 300 1234567', 'no + or 00 before 92: read as US'],
      ['011 92 300 1234567', 'US international prefix: read as US, so not Pakistani'],
      ['+1 800 555 1234', 'US toll-free number'],
      ['+1 900 555 0199', 'US premium-rate number'],
      ['+1 416 555 0123', 'Canadian number'],
      ['+1 242 357 1234', 'Bahamas number'],
      ['+44 7911 123456', 'British Isles mobile'],
      ['+91 98765 43210', 'Indian mobile'],
      ['12345', 'too short'],
      ['', 'empty'],
      ['abc', 'not a number'],
      ['2'.repeat(41), 'too long'],
    ];

    it.each(validUs)('accepts the US number %s as %s', (typed, e164) => {
      expect(isValidAccountMobile(typed)).toBe(true);
      expect(normalizeAccountMobile(typed)).toBe(e164);
      expect(normalizePhone(typed)).toBe(e164);
    });
    it.each(validPakistanMobiles)('accepts the Pakistani mobile %s as %s', (typed, e164) => {
      expect(isValidAccountMobile(typed)).toBe(true);
      expect(normalizeAccountMobile(typed)).toBe(e164);
    });
    it.each(invalid)("refuses %s ('Invalid mobile #'): %s", (typed) => {
      expect(isValidAccountMobile(typed)).toBe(false);
      expect(normalizeAccountMobile(typed)).toBeUndefined();
      expect(normalizePhone(typed)).toBeUndefined();
    });
  });
});
