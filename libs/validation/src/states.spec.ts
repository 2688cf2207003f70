import { US_STATE_CODES, isUsStateCode } from './states';
import { isValidState } from './fields';

describe('US states and territories', () => {
  it('knows the 50 states, DC and the five inhabited territories', () => {
    expect(US_STATE_CODES).toHaveLength(56);
    for (const code of ['NY', 'CA', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'WY']) expect(isUsStateCode(code)).toBe(true);
  });

  it('reads codes case-insensitively and trimmed', () => {
    expect(isUsStateCode(' ny ')).toBe(true);
    expect(isUsStateCode('Pr')).toBe(true);
  });

  it('refuses codes that name no state or territory', () => {
    for (const code of ['ZZ', 'XX', 'ON', 'BC', 'UK', 'N', 'NYC', '', '12']) expect(isUsStateCode(code)).toBe(false);
    expect(isUsStateCode(undefined)).toBe(false);
  });

  it('takes the military mail codes only for a mailing address, not for a licence', () => {
    for (const code of ['AA', 'AE', 'AP']) {
      expect(isUsStateCode(code)).toBe(false);
      expect(isUsStateCode(code, { military: true })).toBe(true);
      expect(isValidState(code)).toBe(true);
    }
    expect(isValidState('ZZ')).toBe(false);
    expect(isValidState('TX')).toBe(true);
  });
});
