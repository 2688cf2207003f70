import 'reflect-metadata';
import { type INestMicroservice, type Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import type { BoundedContext } from '@app/contracts';
import { ConfigError, loadConfig, serviceConfigSchema } from './config';
import { migrateService, type ServiceStorageDef } from './database';
import { createLogger } from './logging';
import { natsConnectionOptions } from './nats-url';
import { PinoNestLogger } from './pino-nest-logger';

export { APP_FILTER, APP_INTERCEPTOR };

/**
 * Boots a domain service as a NATS microservice in the queue group named after its context,
 * so any number of instances share the load. Migrates its schema first.
 */
export async function bootstrapDomainService(opts: {
  context: BoundedContext;
  module: Type<unknown>;
  storage: Omit<ServiceStorageDef, 'schema'>;
}): Promise<INestMicroservice> {
  const logger = createLogger(opts.context);
  try {
    const config = loadConfig(serviceConfigSchema(opts.context));
    const { applied } = await migrateService(config.DATABASE_URL, { ...opts.storage, schema: config.DATABASE_SCHEMA });
    if (applied.length) logger.info({ applied }, 'migrations applied');
    const app = await NestFactory.createMicroservice<MicroserviceOptions>(opts.module, {
      transport: Transport.NATS,
      options: { ...natsConnectionOptions(config.NATS_URL), queue: opts.context, name: opts.context, maxReconnectAttempts: -1 },
      logger: new PinoNestLogger(logger),
    });
    app.enableShutdownHooks();
    await app.listen();
    logger.info({ queue: opts.context, prefix: config.NATS_PREFIX || undefined }, `${opts.context} service listening on NATS`);
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
