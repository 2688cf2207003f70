import { z } from 'zod';
import { loadConfig } from '@app/nest-kit';

/** The registry's variables (validated at boot; a bad value stops the service naming it). */
export const registryConfigSchema = z.object({
  NPPES_MODE: z.enum(['mirror', 'live'], { error: "must be 'mirror' (the local copy) or 'live' (the public NPPES API)" }).default('mirror'),
  NPPES_API_URL: z.string().url('must be a URL').default('https://npiregistry.cms.hhs.gov/api/'),
  NPPES_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  NPPES_API_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
});
export type RegistryConfig = z.infer<typeof registryConfigSchema>;

export const REGISTRY_CONFIG = Symbol('REGISTRY_CONFIG');

export function loadRegistryConfig(env: NodeJS.ProcessEnv = process.env): RegistryConfig {
  return loadConfig(registryConfigSchema, env);
}
