/**
 * The whole backend in one test process: the domain services (NATS microservices) and the
 * gateway, on a throwaway database and a unique NATS prefix, against the real Postgres and
 * NATS JetStream. Modules are imported only after the environment is set, because RPC
 * subjects carry the prefix from the moment their classes load.
 */
import { randomBytes } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { catalogueEvent, type BoundedContext } from '@app/contracts';
import { createTestDatabase, testNatsPrefix, testNatsUrl, type TestDatabase } from '@app/testing';

export type TestSystem = {
  db: TestDatabase;
  prefix: string;
  env: Record<string, string>;
  gateway: NestExpressApplication;
  services: Map<BoundedContext, INestMicroservice>;
  /** A NATS connection for the test itself (subscribe to events, realtime...). */
  nc: NatsConnection;
  baseUrl: string;
  stop(): Promise<void>;
};

const modules: Record<BoundedContext, () => Promise<unknown>> = {
  identity: async () => (await import('../../apps/identity/src/identity.module')).IdentityModule,
  directory: async () => (await import('../../apps/directory/src/directory.module')).DirectoryModule,
  practices: async () => (await import('../../apps/practices/src/practices.module')).PracticesModule,
  messaging: async () => (await import('../../apps/messaging/src/messaging.module')).MessagingModule,
  notifications: async () => (await import('../../apps/notifications/src/notifications.module')).NotificationsModule,
  credentialing: async () => (await import('../../apps/credentialing/src/credentialing.module')).CredentialingModule,
};
const storages: Record<BoundedContext, () => Promise<unknown>> = {
  identity: async () => (await import('../../apps/identity/src/storage')).identityStorage,
  directory: async () => (await import('../../apps/directory/src/storage')).directoryStorage,
  practices: async () => (await import('../../apps/practices/src/storage')).practicesStorage,
  messaging: async () => (await import('../../apps/messaging/src/storage')).messagingStorage,
  notifications: async () => (await import('../../apps/notifications/src/storage')).notificationsStorage,
  credentialing: async () => (await import('../../apps/credentialing/src/storage')).credentialingStorage,
};

export async function startTestSystem(
  opts: { contexts?: BoundedContext[]; env?: Record<string, string>; gateway?: boolean; label?: string } = {},
): Promise<TestSystem> {
  const contexts = opts.contexts ?? ['identity', 'directory', 'practices', 'messaging', 'notifications', 'credentialing'];
  const db = await createTestDatabase(opts.label ?? 'sys');
  const prefix = testNatsPrefix(opts.label ?? 'sys');
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: db.url,
    NATS_URL: testNatsUrl(),
    NATS_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ACTOR_SIGNING_KEY: randomBytes(32).toString('hex'),
    UPLOAD_DIR: `.data/test-uploads/${prefix}`,
    WEB_DIST: 'web/dist',
    ADMIN_EMAIL: 'admin@example.test',
    ADMIN_USERNAME: 'masteradmin',
    ADMIN_PASSWORD: 'Correct-Horse-Battery-9',
    // The tests play the reverse proxy on loopback: X-Forwarded-For gives each simulated client
    // its own address (a test of untrusted clients passes TRUST_PROXY: '').
    TRUST_PROXY: 'loopback',
    ...opts.env,
  };
  Object.assign(process.env, env);

  const { bootstrapDomainService } = await import('@app/nest-kit');
  const services = new Map<BoundedContext, INestMicroservice>();
  for (const context of contexts) {
    const app = await bootstrapDomainService({
      context,
      module: (await modules[context]()) as never,
      storage: (await storages[context]()) as never,
    });
    services.set(context, app);
  }
  let gateway: NestExpressApplication | undefined;
  let baseUrl = '';
  if (opts.gateway !== false) {
    const { loadGatewayConfig } = await import('../../apps/gateway/src/config');
    const { createGatewayApp } = await import('../../apps/gateway/src/create-app');
    gateway = await createGatewayApp(loadGatewayConfig());
    await gateway.listen(0, '127.0.0.1');
    const addr = gateway.getHttpServer().address() as { port: number };
    baseUrl = `http://127.0.0.1:${addr.port}`;
  }
  const nc = await connect({ servers: env.NATS_URL });
  const contract = watchEventContracts(nc, prefix);

  return {
    db,
    prefix,
    env,
    gateway: gateway as NestExpressApplication,
    services,
    nc,
    baseUrl,
    async stop() {
      await contract.stop();
      await gateway?.close();
      for (const s of services.values()) await s.close();
      const jsm = await jetstreamManager(nc);
      await jsm.streams.delete(`${prefix.replace(/-/g, '_').toUpperCase()}_EVENTS`).catch(() => undefined);
      await nc.close();
      await db.drop();
      contract.assertClean();
    },
  };
}

/**
 * Every integration event a test system publishes is held to the catalogue of libs/contracts
 * (the source of the AsyncAPI document integrators read): a known `events.<context>.<Event>`,
 * the CloudEvents type `<context>.<Event>.v<version>`, and data its schema accepts. A violation
 * fails the suite that caused it, when the system stops. One marker leaves an event out: a
 * CloudEvents correlation id starting with OFF_CONTRACT, on the events a test publishes itself to
 * play a service (some malformed on purpose) and on the poison events a test stores.
 */
/** The correlation id prefix of an event a test puts off contract on purpose (published or stored). */
export const OFF_CONTRACT = 'test-off-contract:';

function watchEventContracts(nc: NatsConnection, prefix: string) {
  const violations: string[] = [];
  const sub = nc.subscribe(`${prefix}.events.>`);
  const done = (async () => {
    for await (const m of sub) {
      const [context, name] = m.subject.slice(prefix.length + 1).split('.').slice(1);
      let ce: { type?: string; data?: unknown; correlationid?: string };
      try {
        ce = m.json();
      } catch {
        violations.push(`${m.subject}: not JSON`);
        continue;
      }
      if (ce?.correlationid?.startsWith(OFF_CONTRACT)) continue; // a test's event, off contract on purpose
      const entry = catalogueEvent(context, name);
      if (!entry) {
        violations.push(`${m.subject}: not in the event catalogue (libs/contracts/src/catalogue)`);
        continue;
      }
      if (ce.type !== `${context}.${name}.v${entry.version}`) violations.push(`${m.subject}: CloudEvents type ${ce.type}`);
      const parsed = entry.schema.safeParse(ce.data);
      if (!parsed.success) violations.push(`${m.subject}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
  })();
  return {
    async stop() {
      await nc.flush().catch(() => undefined);
      sub.unsubscribe();
      await done;
    },
    assertClean() {
      if (violations.length) throw new Error(`integration events off their contract:\n${[...new Set(violations)].join('\n')}`);
    },
  };
}
