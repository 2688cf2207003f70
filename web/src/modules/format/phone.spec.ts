import { formatPhone, formatUsPhoneTyping, phoneHref, usPhoneDigits } from './phone';

describe('phone formatting', () => {
  it('shows ten digits as xxx-xxx-xxxx', () => {
    expect(formatPhone('7135550100')).toBe('713-555-0100');
    expect(formatPhone('(713) 555-0100')).toBe('713-555-0100');
  });

  it('drops a leading US country code', () => {
    expect(formatPhone('+1 713 555 0100')).toBe('713-555-0100');
    expect(usPhoneDigits('17135550100')).toBe('7135550100');
  });

  it('leaves values that are not US numbers as they are', () => {
    expect(formatPhone(' 12345 ')).toBe('12345');
    expect(formatPhone('+92 300 1234567')).toBe('+92 300 1234567');
    expect(formatPhone(undefined)).toBe('');
    expect(formatPhone(null)).toBe('');
  });

  it('builds a tel link with the +1 prefix', () => {
    expect(phoneHref('713-555-0100')).toBe('tel:+17135550100');
    expect(phoneHref('+1 (713) 555-0100')).toBe('tel:+17135550100');
  });

  it('gives no tel link for values that are not US numbers', () => {
    expect(phoneHref('555-0100')).toBeNull();
    expect(phoneHref('')).toBeNull();
  });

  it('groups a number as it is typed, xxx-xxx-xxxx, ten digits at most', () => {
    expect(formatUsPhoneTyping('713')).toBe('713');
    expect(formatUsPhoneTyping('7135')).toBe('713-5');
    expect(formatUsPhoneTyping('713555010')).toBe('713-555-010');
    expect(formatUsPhoneTyping('(713) 555-0100 ext')).toBe('713-555-0100');
    expect(formatUsPhoneTyping('+1 713 555 0100')).toBe('713-555-0100');
    expect(formatUsPhoneTyping('71355501009')).toBe('713-555-0100');
    expect(formatUsPhoneTyping('')).toBe('');
  });
});
