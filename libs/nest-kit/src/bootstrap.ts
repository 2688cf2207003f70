import 'reflect-metadata';
import { type INestMicroservice, type Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import type { BoundedContext } from '@app/contracts';
import { ConfigError, assertEventStoreConfig, loadConfig, serviceConfigSchema } from './config';
import { migrateService, type ServiceStorageDef } from './database';
import { createLogger } from './logging';
import { NATS_CONNECTION, useKurrentClientFactory, type KurrentClientFactory } from './domain-service.module';
import { PinoNestLogger } from './pino-nest-logger';
import { SharedConnectionNatsServer } from './shared-nats';
import { sinceProcessStart, untilStarted } from './standby';

export { APP_FILTER, APP_INTERCEPTOR };

/**
 * Boots a domain service as a NATS microservice in the queue group named after its context,
 * so any number of instances share the load. Migrates its schema first. The NATS transport
 * listens on the service's one connection (DomainServiceModule's NATS_CONNECTION, with the
 * app's user and inbox prefix), which the app drains last on shutdown. A warm standby
 * (./standby.ts) waits for its supervisor's start once created (migrated, connected), before
 * it listens and starts its projections, relay and consumers. The listening line gives the
 * boot's phases in ms since the process started (`boot`: code loaded, migrated, created,
 * started, listening).
 */
export async function bootstrapDomainService(opts: {
  context: BoundedContext;
  module: Type<unknown>;
  storage: Omit<ServiceStorageDef, 'schema'>;
  /** With EVENT_STORE=kurrentdb: makes the KurrentDB client (default: the real one on KURRENTDB_URL; the specs pass the in-process fake). */
  kurrentClient?: KurrentClientFactory;
}): Promise<INestMicroservice> {
  const logger = createLogger(opts.context);
  const boot: Record<string, number> = { loaded: sinceProcessStart() };
  try {
    const config = loadConfig(serviceConfigSchema(opts.context));
    assertEventStoreConfig(config, opts.context);
    // The service verifies the acting user the gateway signed with this key (see rpc.ts).
    if (!config.ACTOR_SIGNING_KEY) {
      if (config.NODE_ENV === 'production') throw new ConfigError('Invalid configuration:\n  ACTOR_SIGNING_KEY: is required when NODE_ENV=production');
      logger.warn('ACTOR_SIGNING_KEY is not set: using the public development key (npm start generates one into .data/actor-signing-key)');
    }
    const { applied } = await migrateService(config.DATABASE_URL, { ...opts.storage, schema: config.DATABASE_SCHEMA });
    if (applied.length) logger.info({ applied }, 'migrations applied');
    boot.migrated = sinceProcessStart();
    useKurrentClientFactory(opts.context, opts.kurrentClient);
    const server = new SharedConnectionNatsServer({ queue: opts.context });
    const app = await NestFactory.createMicroservice<MicroserviceOptions>(opts.module, {
      strategy: server,
      logger: new PinoNestLogger(logger),
    });
    server.useConnection(() => app.get(NATS_CONNECTION, { strict: false }) as NatsConnection);
    app.enableShutdownHooks();
    boot.created = sinceProcessStart();
    // A warm standby waits here: migrated, its modules created and connected, not yet listening.
    await untilStarted();
    boot.started = sinceProcessStart();
    await app.listen();
    boot.listening = sinceProcessStart();
    logger.info({ queue: opts.context, prefix: config.NATS_PREFIX || undefined, boot }, `${opts.context} service listening on NATS`);
    return app;
  } catch (err) {
    if (err instanceof ConfigError) {
      logger.fatal(err.message);
    } else {
      logger.fatal({ err }, `${opts.context} failed to start`);
    }
    process.exitCode = 1;
    throw err;
  }
}
