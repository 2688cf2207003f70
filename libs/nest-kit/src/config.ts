import { z } from 'zod';

/** Variables every app reads. Each app extends this with its own (see apps/<app>/src/config.ts). */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/credentialing'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  /**
   * Copies of each JetStream stream and consumer the apps create (the event stream, the
   * services' durable consumers, identity's anchor stream): 1 on a single server, 3 on a
   * three-node cluster (at most the number of JetStream servers). Applied when created.
   */
  NATS_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  NATS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, "may hold only letters, digits, '_' and '-'")
    .default(''),
  // Shared by the gateway (signs the acting user in NATS headers) and the services (verify it).
  // Required when NODE_ENV=production (checked at boot); elsewhere a public development key.
  ACTOR_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {}

/**
 * Validates the environment once at boot. A missing or malformed variable stops the process
 * with a message naming it (callers let the ConfigError escape main()).
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== '') cleaned[k] = v;
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Schema of a domain service: base plus its Postgres schema name and its event store. */
export function serviceConfigSchema(defaultSchema: string) {
  return baseConfigSchema.extend({
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier')
      .default(defaultSchema),
    /** The service's event store (libs/event-store/README.md): 'postgres' (default) or 'kurrentdb' (needs KURRENTDB_URL). */
    EVENT_STORE: z.enum(['postgres', 'kurrentdb'], { error: "must be 'postgres' or 'kurrentdb'" }).default('postgres'),
    /** The KurrentDB connection string, e.g. kurrentdb://admin:changeit@localhost:2113?tls=false. */
    KURRENTDB_URL: z
      .string()
      .regex(/^(kurrentdb|kdb|esdb)(\+discover)?:\/\//, 'must be a kurrentdb:// connection string (e.g. kurrentdb://admin:changeit@localhost:2113?tls=false)')
      .optional(),
  });
}
export type ServiceConfig = z.infer<ReturnType<typeof serviceConfigSchema>>;

/**
 * The services that run on EVENT_STORE=kurrentdb: their events, expected versions and claims
 * (reservation streams) on KurrentDB through the store interface; their projections and relay
 * reading KurrentDB's `$all` from checkpoints kept in the service's Postgres (read model and
 * checkpoint in one transaction); read-your-writes through KurrentDB's own positions; a
 * consumer's source event recorded in the aggregate's stream (`sourceEventId`); identity's
 * password hashes and one-time secrets written around the append so that none counts without
 * its event (apps/identity/README.md, "KurrentDB"). Verified
 * against the in-process fake client only (apps/<service>/src/<service>-kurrentdb.int-spec.ts);
 * against a real server only the store itself, and only when KURRENTDB_URL is set
 * (libs/event-store/test/kurrentdb-server.int-spec.ts). No KurrentDB server runs on the
 * development and CI machines.
 */
export const KURRENTDB_SERVICES: readonly string[] = ['practices', 'notifications', 'directory', 'messaging', 'credentialing', 'identity'];

/**
 * The event store a service's EVENT_STORE picks, checked at boot with a clear error. 'postgres'
 * is the default. 'kurrentdb' needs KURRENTDB_URL, and is refused for a service not in
 * KURRENTDB_SERVICES (all five domain services are in it; libs/event-store/README.md, "KurrentDB").
 */
export function assertEventStoreConfig(config: Pick<ServiceConfig, 'EVENT_STORE' | 'KURRENTDB_URL'>, service: string): 'postgres' | 'kurrentdb' {
  if (config.EVENT_STORE === 'postgres') return 'postgres';
  if (!config.KURRENTDB_URL) {
    throw new ConfigError('Invalid configuration:\n  KURRENTDB_URL: is required when EVENT_STORE=kurrentdb (e.g. kurrentdb://admin:changeit@localhost:2113?tls=false)');
  }
  if (KURRENTDB_SERVICES.includes(service)) return 'kurrentdb';
  throw new ConfigError(
    `Invalid configuration:\n  EVENT_STORE: the ${service} service cannot run on kurrentdb (only ${KURRENTDB_SERVICES.join(', ')} can; set EVENT_STORE=postgres; see libs/event-store/README.md, "KurrentDB")`,
  );
}

/** NATS_REPLICAS of the process's environment (1 when unset or not a number from 1 to 5): what the apps' streams and consumers are created with. */
export function natsReplicas(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.NATS_REPLICAS ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 5 ? n : 1;
}
