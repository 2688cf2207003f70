import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@app/nest-kit';

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
    BODY_LIMIT: z.string().default('1mb'),
    RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
    ADMIN_EMAIL: z.string().email('must be an email address').default('admin@credentialing.local'),
    ADMIN_USERNAME: z.string().regex(/^\S{2,20}$/, 'must be 2 to 20 characters without spaces').default('admin'),
    ADMIN_PASSWORD: z.string().optional(),
    // The master admin signs in with an SMS code: a fictional number whose codes land in the dev outbox.
    ADMIN_MOBILE: z.string().default('+12025550100'),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
  });
export type GatewayConfig = z.infer<typeof gatewayConfigSchema> & { JWT_SECRET: string };

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const c = loadConfig(gatewayConfigSchema, env);
  // Development and test only: a per-process secret when none is configured (npm start writes one to .data/).
  return { ...c, JWT_SECRET: c.JWT_SECRET ?? randomBytes(32).toString('hex') };
}
