import { ConfigError } from '@app/nest-kit';
import { loadIdentityConfig, ttlToMs } from './config';

describe('identity config', () => {
  it('defaults to the development outbox, an 8 h session and the documented throttle numbers', () => {
    const c = loadIdentityConfig({ NODE_ENV: 'production' });
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.TWILIO_ACCOUNT_SID).toBeUndefined();
    expect(ttlToMs(c.JWT_TTL)).toBe(8 * 3600_000);
    expect(c).toMatchObject({
      THROTTLE_SIGNIN_FAILURES: 5,
      THROTTLE_SIGNIN_DELAY_SECONDS: 30,
      THROTTLE_SIGNIN_MAX_DELAY_SECONDS: 900,
      THROTTLE_ACCOUNT_FAILURES: 50,
      THROTTLE_ACCOUNT_LOCK_SECONDS: 900,
      THROTTLE_IP_ATTEMPTS: 100,
      THROTTLE_IP_SENDS: 30,
      THROTTLE_ACCOUNT_SENDS: 10,
    });
  });

  it('stops on a malformed variable, naming it', () => {
    expect(() => loadIdentityConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadIdentityConfig({ TWILIO_ACCOUNT_SID: 'AC' + '0'.repeat(32) })).toThrow(/TWILIO_AUTH_TOKEN[\s\S]*TWILIO_FROM|TWILIO_FROM[\s\S]*TWILIO_AUTH_TOKEN/);
    expect(() => loadIdentityConfig({ JWT_TTL: 'forever' })).toThrow(ConfigError);
  });

  it('lifts the per-IP and per-account message limits in tests unless a test sets them', () => {
    expect(loadIdentityConfig({ NODE_ENV: 'test' }).THROTTLE_IP_ATTEMPTS).toBe(100_000);
    expect(loadIdentityConfig({ NODE_ENV: 'test' }).THROTTLE_ACCOUNT_SENDS).toBe(100_000);
    expect(loadIdentityConfig({ NODE_ENV: 'test' }).THROTTLE_SIGNIN_FAILURES).toBe(5);
    expect(loadIdentityConfig({ NODE_ENV: 'test', THROTTLE_IP_ATTEMPTS: '7' }).THROTTLE_IP_ATTEMPTS).toBe(7);
  });
});
