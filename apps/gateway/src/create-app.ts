import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import multer from 'multer';
import { Logger } from 'nestjs-pino';
import type { GatewayConfig } from './config';
import { GatewayModule } from './gateway.module';
import { toErrorResponse } from './http/http-exception.filter';
import { requestContextMiddleware } from './http/request-context.middleware';
import { mountWebApp } from './web/spa';

/** Builds the gateway (used by main.ts and by the API tests). Call `listen` or `init` after. */
export async function createGatewayApp(config: GatewayConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.disable('x-powered-by');
  app.use(requestContextMiddleware);
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          'style-src': ["'self'", "'unsafe-inline'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(express.json({ limit: config.BODY_LIMIT }));
  app.use(express.urlencoded({ extended: false, limit: config.BODY_LIMIT, parameterLimit: 200 }));
  mkdirSync(config.UPLOAD_DIR, { recursive: true });
  // multipart/form-data: fields into req.body, at most one file (checked again by each upload route).
  app.use(
    multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 200, fieldSize: 1024 * 1024 },
    }).any(),
  );
  // Errors raised by the body parsers before any route (too large, malformed).
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!err) return next();
    const { status, body } = toErrorResponse(err);
    res.status(status).json(body);
  });

  const openapi = new DocumentBuilder()
    .setTitle('Credentialing Suite API')
    .setDescription('REST API of the gateway. Domain services behind it talk over NATS.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openapi), { jsonDocumentUrl: 'api/docs-json' });

  mountWebApp(app.getHttpAdapter().getInstance(), config.WEB_DIST);
  return app;
}
