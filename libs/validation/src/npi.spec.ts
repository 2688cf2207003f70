import { INVALID_NPI, isValidNpi, npiCheckDigit, withNpiCheckDigit } from './npi';

describe('NPI check digit (Luhn over 80840 + the first nine digits)', () => {
  it('accepts the example NPI CMS publishes and other real-shaped ones', () => {
    // CMS "NPI check digit" example: 123456789 -> 3.
    expect(npiCheckDigit('123456789')).toBe(3);
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1000000004')).toBe(true);
    expect(isValidNpi('1499999997')).toBe(true);
    expect(isValidNpi('2000000002')).toBe(true);
  });

  it('refuses a wrong check digit, every single-digit typo and every swap of neighbours', () => {
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('1234567894')).toBe(false);
    const valid = '1234567893';
    for (let i = 0; i < 10; i++) {
      for (let d = 0; d <= 9; d++) {
        const typo = valid.slice(0, i) + d + valid.slice(i + 1);
        if (typo !== valid) expect(isValidNpi(typo)).toBe(false);
      }
    }
    for (let i = 0; i < 9; i++) {
      const swapped = valid.slice(0, i) + valid[i + 1] + valid[i] + valid.slice(i + 2);
      if (swapped !== valid && !(valid[i] === '0' && valid[i + 1] === '9') && !(valid[i] === '9' && valid[i + 1] === '0')) {
        expect(isValidNpi(swapped)).toBe(false);
      }
    }
  });

  it('refuses anything that is not 10 digits starting with 1 or 2', () => {
    for (const bad of ['', '123456789', '12345678930', '123456789a', ' 1234567893', '1234-567893', '3234567891', '0234567895', '１２３４５６７８９３']) {
      expect(isValidNpi(bad)).toBe(false);
    }
    expect(isValidNpi(1234567893 as unknown)).toBe(false);
    expect(isValidNpi(null)).toBe(false);
  });

  it('completes nine digits into a valid NPI, and says what a refused one gets', () => {
    for (const nine of ['100000000', '123456789', '198765432', '200000000', '299999999']) {
      expect(isValidNpi(withNpiCheckDigit(nine))).toBe(true);
    }
    expect(() => npiCheckDigit('12345')).toThrow();
    expect(INVALID_NPI).toBe('Invalid NPI');
  });
});
