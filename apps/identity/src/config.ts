import { z } from 'zod';
import { loadConfig, serviceConfigSchema } from '@app/nest-kit';
import { auditAnchorConfig } from './security-log/anchor-config';

const ttl = z
  .string()
  .regex(/^\d+[smhd]$/, 'must look like 30m, 8h or 1d')
  .default('8h');
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

/**
 * Identity's configuration, validated once at boot (a bad value stops the service naming it).
 * Throttle numbers are documented in apps/identity/README.md; tests lower the delays.
 */
export const identityConfigSchema = serviceConfigSchema('identity')
  .extend({
    /** Session lifetime; the gateway signs tokens that expire with the session. */
    JWT_TTL: ttl,
    /**
     * Key of the HMAC that hashes typed identifiers (sign-in/identifier-hasher.ts). Required in
     * production; elsewhere generated once into .data/identifier-hash-key.
     */
    IDENTIFIER_HASH_KEY: z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
    /** Where a generated master-admin password is written (mode 0600) on the first run. */
    ADMIN_PASSWORD_FILE: z.string().min(1).default('.data/master-admin-password'),
    /** nodemailer SMTP URL; empty: the development outbox (refused in production). */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Credentialing Suite <no-reply@credentialing.local>'),
    /** The web app's address, for links in emails (the invitation's 'Set/Reset Password HERE'). */
    APP_URL: z.url({ error: 'must be a URL such as https://app.example.com' }).default('http://localhost:3000'),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must look like AC followed by 32 hex digits')
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16, 'must be the Twilio auth token').optional(),
    TWILIO_FROM: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +15551234567')
      .optional(),

    /** Sign-in: wrong passwords per identifier and IP before the delay starts, first delay, longest delay. */
    THROTTLE_SIGNIN_FAILURES: int(5, 1),
    THROTTLE_SIGNIN_DELAY_SECONDS: int(30, 1),
    THROTTLE_SIGNIN_MAX_DELAY_SECONDS: int(900, 1),
    /** Sign-in: wrong passwords per account (all IPs) before a temporary lock, and its length. */
    THROTTLE_ACCOUNT_FAILURES: int(50, 1),
    THROTTLE_ACCOUNT_LOCK_SECONDS: int(900, 1),
    /** Wrong one-time codes or temporary passwords per account (all challenges, all IPs) before the same lock. */
    THROTTLE_ACCOUNT_CODE_FAILURES: int(20, 1),
    /** Failure counters are forgotten after this long without a failure. */
    THROTTLE_FAILURE_MEMORY_SECONDS: int(3600, 1),
    /** Requests per client IP and window: sign-in and code checks, and code or temporary-password sends. */
    THROTTLE_IP_ATTEMPTS: int(100, 1),
    THROTTLE_IP_ATTEMPTS_WINDOW_SECONDS: int(600, 1),
    THROTTLE_IP_SENDS: int(30, 1),
    THROTTLE_IP_SENDS_WINDOW_SECONDS: int(3600, 1),
    /** Temporary passwords and verification codes sent per account and window. */
    THROTTLE_ACCOUNT_SENDS: int(10, 1),
    THROTTLE_ACCOUNT_SENDS_WINDOW_SECONDS: int(3600, 1),
    /** Sign-in codes sent per account and window (a right password sends one each time: no SMS pumping). */
    THROTTLE_SIGNIN_CODES: int(5, 1),
    THROTTLE_SIGNIN_CODES_WINDOW_SECONDS: int(900, 1),
    /** 'Request an account' per client IP and window (a public form that notifies the master admin and sends an email). */
    THROTTLE_IP_ACCOUNT_REQUESTS: int(5, 1),
    THROTTLE_IP_ACCOUNT_REQUESTS_WINDOW_SECONDS: int(3600, 1),
    /** Refused attempts are written to the security log as one entry per limit, account, IP and this window. */
    THROTTLE_LOG_WINDOW_SECONDS: int(900, 1),

    /** Anchoring of the security log's head outside the database (README, "Security event log"). */
    ...auditAnchorConfig,
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.IDENTIFIER_HASH_KEY) {
      ctx.addIssue({ code: 'custom', path: ['IDENTIFIER_HASH_KEY'], message: 'is required when NODE_ENV=production (openssl rand -hex 32)' });
    }
    const twilio = { TWILIO_ACCOUNT_SID: c.TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: c.TWILIO_AUTH_TOKEN, TWILIO_FROM: c.TWILIO_FROM };
    // Production delivers for real: without a transport, sign-in codes and temporary passwords
    // would sit in clear in the development outbox.
    if (c.NODE_ENV === 'production') {
      if (!c.SMTP_URL) {
        ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when NODE_ENV=production: the email transport (smtps://user:password@smtp.example.com:465)' });
      }
      for (const [k, v] of Object.entries(twilio)) {
        if (!v) ctx.addIssue({ code: 'custom', path: [k], message: 'is required when NODE_ENV=production: the SMS transport (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)' });
      }
    } else if (Object.values(twilio).some(Boolean)) {
      for (const [k, v] of Object.entries(twilio)) {
        if (!v) ctx.addIssue({ code: 'custom', path: [k], message: 'is required when any TWILIO_* variable is set' });
      }
    }
  });
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const c = loadConfig(identityConfigSchema, env);
  // Test runs (NODE_ENV=test) send every request from 127.0.0.1 and reuse a few accounts: the
  // per-IP limits and the per-account message limits are lifted unless a test sets them. The
  // failure delays and locks stay as in production.
  if (c.NODE_ENV === 'test') {
    if (!env.THROTTLE_IP_ATTEMPTS) c.THROTTLE_IP_ATTEMPTS = 100_000;
    if (!env.THROTTLE_IP_SENDS) c.THROTTLE_IP_SENDS = 100_000;
    if (!env.THROTTLE_ACCOUNT_SENDS) c.THROTTLE_ACCOUNT_SENDS = 100_000;
    // No anchoring schedule (each test prefix would keep a stream on the shared NATS) unless a test sets it.
    if (!env.AUDIT_ANCHOR_INTERVAL_MS) c.AUDIT_ANCHOR_INTERVAL_MS = 0;
    if (!env.THROTTLE_SIGNIN_CODES) c.THROTTLE_SIGNIN_CODES = 100_000;
  }
  return c;
}

/** '8h' -> milliseconds. */
export function ttlToMs(v: string): number {
  const n = Number(v.slice(0, -1));
  const unit = v.slice(-1);
  return n * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit as 's' | 'm' | 'h' | 'd'];
}
