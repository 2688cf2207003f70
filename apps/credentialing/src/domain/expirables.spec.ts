import { addDays } from './calendar';
import { alertLevelFor, expiryThreshold, recredentialingThreshold } from './expirables';

const expiry = '2027-06-30';

describe('expirables thresholds (injected day)', () => {
  it('a credential reaches 120, 90, 60, 30 days before and 0 on its expiry day', () => {
    expect(expiryThreshold(expiry, addDays(expiry, -121))).toBeNull();
    for (const t of [120, 90, 60, 30, 0]) {
      expect(expiryThreshold(expiry, addDays(expiry, -t))).toBe(t);
      // The days after a threshold stay within it until the next one (one reminder per threshold).
      if (t > 0) expect(expiryThreshold(expiry, addDays(expiry, -t + 1))).toBe(t);
      // The day before it belongs to the previous one.
      expect(expiryThreshold(expiry, addDays(expiry, -t - 1))).toBe(t === 120 ? null : t === 90 ? 120 : t === 60 ? 90 : t === 30 ? 60 : 30);
    }
    expect(expiryThreshold(expiry, addDays(expiry, 10))).toBe(0);
  });

  it('a recredentialing due date reaches 120 and 90 days before', () => {
    expect(recredentialingThreshold(expiry, addDays(expiry, -121))).toBeNull();
    expect(recredentialingThreshold(expiry, addDays(expiry, -120))).toBe(120);
    expect(recredentialingThreshold(expiry, addDays(expiry, -91))).toBe(120);
    expect(recredentialingThreshold(expiry, addDays(expiry, -90))).toBe(90);
    expect(recredentialingThreshold(expiry, addDays(expiry, -1))).toBe(90);
  });

  it('the alert level follows the urgency', () => {
    expect([120, 90, 60, 30, 0].map(alertLevelFor)).toEqual(['Info', 'Info', 'Warning', 'Warning', 'Danger']);
  });
});
