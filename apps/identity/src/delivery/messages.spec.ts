import { maskEmail, maskPhone } from './messages';

describe('masking', () => {
  it('shows only the last 4 digits of a phone', () => {
    expect(maskPhone('+12025550123')).toBe('(***) ***-0123');
    expect(maskPhone('+923001234567')).toBe('********4567');
    expect(maskPhone('')).toBe('');
  });
  it('shows only the first letter and the domain of an email', () => {
    expect(maskEmail('Jane.Doe@clinic.org')).toBe('J***@clinic.org');
  });
});
