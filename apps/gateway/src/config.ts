import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@app/nest-kit';
import { isValidAccountMobile } from '@app/validation';
import { compileTrustProxy } from './http/client-ip';

const originList = z
  .string()
  .default('')
  .transform((v, ctx) => {
    const origins: string[] = [];
    for (const entry of v.split(',').map((s) => s.trim()).filter(Boolean)) {
      try {
        const u = new URL(entry);
        if (!/^https?:$/.test(u.protocol) || u.origin !== entry.replace(/\/$/, '')) throw new Error();
        origins.push(u.origin);
      } catch {
        ctx.addIssue({ code: 'custom', message: `'${entry}' is not an origin like https://app.example.com` });
      }
    }
    return origins;
  });

export const gatewayConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    JWT_TTL: z
      .string()
      .regex(/^\d+[smhd]$/, 'must look like 30m, 8h or 1d')
      .default('8h'),
    WEB_DIST: z.string().default('web/dist'),
    UPLOAD_DIR: z.string().default('.data/uploads'),
    UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
    // Optional virus scan of every upload by clamd (INSTREAM); unset: no scan.
    CLAMD_HOST: z.string().optional(),
    CLAMD_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
    BODY_LIMIT: z.string().default('1mb'),
    // Proxies whose X-Forwarded-For is believed (IPs, CIDRs, loopback/linklocal/uniquelocal); empty: none.
    TRUST_PROXY: z
      .string()
      .default('')
      .superRefine((v, ctx) => {
        try {
          compileTrustProxy(v);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be comma-separated IP addresses, CIDR ranges or loopback, linklocal, uniquelocal' });
        }
      }),
    // Browser origins allowed to open a socket besides the gateway's own (same-origin).
    ALLOWED_ORIGINS: originList,
    // How often every open socket's session is checked again (a missed revocation push closes it by then).
    SOCKET_RECHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    // How long the gateway trusts identity's "session live" answer for HTTP calls (revocation
    // pushes end it at once; this bounds a lost push, as SOCKET_RECHECK_MS does for sockets).
    // 0: ask identity on every call. At 30 s, answers remembered when 1,000 users connected
    // expired together about when they started posting: every first post waited for identity,
    // and that burst was the chat benchmark's worst second (up to 1.5 s) in most runs.
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    // Requests per minute per client IP and route (default 600; 100000 when NODE_ENV=test).
    HTTP_RATE_LIMIT: z.coerce.number().int().positive().optional(),
    RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
    ADMIN_EMAIL: z.string().email('must be an email address').default('admin@credentialing.local'),
    ADMIN_USERNAME: z.string().regex(/^\S{2,20}$/, 'must be 2 to 20 characters without spaces').default('admin'),
    ADMIN_PASSWORD: z.string().optional(),
    // The master admin signs in with an SMS code: a fictional number whose codes land in the dev outbox.
    // Empty: no mobile (codes go by email). Same rule as every account mobile (libs/validation).
    ADMIN_MOBILE: z
      .string()
      .default('+12025550100')
      .refine((v) => v === '' || isValidAccountMobile(v), 'must be a US number, or a Pakistani mobile starting with +92'),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (c.NODE_ENV === 'production' && !c.ACTOR_SIGNING_KEY) {
      ctx.addIssue({ code: 'custom', path: ['ACTOR_SIGNING_KEY'], message: 'is required when NODE_ENV=production' });
    }
  });
export type GatewayConfig = z.infer<typeof gatewayConfigSchema> & { JWT_SECRET: string };

/**
 * Origins a browser may open a socket from: ALLOWED_ORIGINS, else the gateway's own
 * http://localhost:PORT (and, outside production, the Vite dev and preview servers). A
 * same-origin request (Origin matching the Host it was sent to) is always allowed.
 */
export function socketOrigins(c: Pick<GatewayConfig, 'ALLOWED_ORIGINS' | 'PORT' | 'NODE_ENV'>): string[] {
  if (c.ALLOWED_ORIGINS.length) return c.ALLOWED_ORIGINS;
  const own = [`http://localhost:${c.PORT}`, `http://127.0.0.1:${c.PORT}`];
  return c.NODE_ENV === 'production' ? own : [...own, 'http://localhost:5173', 'http://localhost:4173'];
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const c = loadConfig(gatewayConfigSchema, env);
  // Development and test only: a per-process secret when none is configured (npm start writes one to .data/).
  return { ...c, JWT_SECRET: c.JWT_SECRET ?? randomBytes(32).toString('hex') };
}

/** REGISTRY_RATE_LIMIT: registry lookups per minute per signed-in user (all registry routes together). */
export const registryRateConfig = z.object({ REGISTRY_RATE_LIMIT: z.coerce.number().int().positive().default(300) });
