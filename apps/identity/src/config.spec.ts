import { ConfigError } from '@app/nest-kit';
import { loadIdentityConfig, ttlToMs } from './config';

describe('identity config', () => {
  it('defaults (outside production) to the development outbox, an 8 h session and the documented throttle numbers', () => {
    const c = loadIdentityConfig({});
    expect(c.NODE_ENV).toBe('development');
    expect(c.ADMIN_PASSWORD_FILE).toBe('.data/master-admin-password');
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
      THROTTLE_SIGNIN_CODES: 5,
      THROTTLE_SIGNIN_CODES_WINDOW_SECONDS: 900,
      THROTTLE_LOG_WINDOW_SECONDS: 900,
    });
  });

  it('stops on a malformed variable, naming it', () => {
    expect(() => loadIdentityConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadIdentityConfig({ TWILIO_ACCOUNT_SID: 'AC' + '0'.repeat(32) })).toThrow(/TWILIO_AUTH_TOKEN[\s\S]*TWILIO_FROM|TWILIO_FROM[\s\S]*TWILIO_AUTH_TOKEN/);
    expect(() => loadIdentityConfig({ JWT_TTL: 'forever' })).toThrow(ConfigError);
  });

  const PRODUCTION = {
    NODE_ENV: 'production',
    IDENTIFIER_HASH_KEY: 'k'.repeat(64),
    SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
    TWILIO_ACCOUNT_SID: 'AC' + '0'.repeat(32),
    TWILIO_AUTH_TOKEN: 't'.repeat(32),
    TWILIO_FROM: '+15551234567',
  };

  it('starts in production with a real email and SMS transport', () => {
    expect(loadIdentityConfig(PRODUCTION)).toMatchObject({ NODE_ENV: 'production', SMTP_URL: PRODUCTION.SMTP_URL, TWILIO_FROM: '+15551234567' });
  });

  it('refuses production without SMTP_URL, naming it (the dev outbox would keep codes in clear)', () => {
    expect(() => loadIdentityConfig({ ...PRODUCTION, SMTP_URL: undefined })).toThrow(ConfigError);
    expect(() => loadIdentityConfig({ ...PRODUCTION, SMTP_URL: '' })).toThrow(/SMTP_URL: is required when NODE_ENV=production/);
  });

  it('refuses production without Twilio, naming every missing TWILIO_* variable', () => {
    const noSms = { ...PRODUCTION, TWILIO_ACCOUNT_SID: undefined, TWILIO_AUTH_TOKEN: undefined, TWILIO_FROM: undefined };
    let message = '';
    try {
      loadIdentityConfig(noSms);
    } catch (e) {
      message = (e as Error).message;
    }
    for (const v of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']) expect(message).toContain(`${v}: is required when NODE_ENV=production`);
    expect(message).not.toContain('SMTP_URL');
    expect(() => loadIdentityConfig({ ...PRODUCTION, TWILIO_FROM: undefined })).toThrow(/TWILIO_FROM: is required when NODE_ENV=production/);
  });

  it('requires IDENTIFIER_HASH_KEY (at least 32 characters) in production only', () => {
    expect(() => loadIdentityConfig({ ...PRODUCTION, IDENTIFIER_HASH_KEY: undefined })).toThrow(/IDENTIFIER_HASH_KEY/);
    expect(() => loadIdentityConfig({ IDENTIFIER_HASH_KEY: 'short' })).toThrow(/IDENTIFIER_HASH_KEY/);
    expect(loadIdentityConfig({ NODE_ENV: 'test' }).IDENTIFIER_HASH_KEY).toBeUndefined();
  });

  it('lifts the per-IP and per-account message limits in tests unless a test sets them', () => {
    expect(loadIdentityConfig({ NODE_ENV: 'test' }).THROTTLE_IP_ATTEMPTS).toBe(100_000);
    expect(loadIdentityConfig({ NODE_ENV: 'test' }).THROTTLE_ACCOUNT_SENDS).toBe(100_000);
    expect(loadIdentityConfig({ NODE_ENV: 'test' }).THROTTLE_SIGNIN_CODES).toBe(100_000);
    expect(loadIdentityConfig({ NODE_ENV: 'test', THROTTLE_SIGNIN_CODES: '3' }).THROTTLE_SIGNIN_CODES).toBe(3);
    expect(loadIdentityConfig({ NODE_ENV: 'test' }).THROTTLE_SIGNIN_FAILURES).toBe(5);
    expect(loadIdentityConfig({ NODE_ENV: 'test', THROTTLE_IP_ATTEMPTS: '7' }).THROTTLE_IP_ATTEMPTS).toBe(7);
  });
});
