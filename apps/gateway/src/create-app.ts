import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { Unauthorized } from '@app/nest-kit';
import passport from 'passport';
import type { GatewayConfig } from './config';
import { GatewayModule } from './gateway.module';
import { compileTrustProxy } from './http/client-ip';
import { toErrorResponse } from './http/http-exception.filter';
import { requestContextMiddleware } from './http/request-context.middleware';
import { mountWebApp } from './web/spa';

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) is shorter than what
 * clients and load balancers keep an idle connection for (60 s is common): a client that sends
 * on a connection the gateway is closing at that moment gets ECONNRESET for a request that never
 * arrived (the chat benchmark lost 6 posts of 30,000 that way). Answers carry it as the
 * `Keep-Alive: timeout=65` hint, and the headers timeout stays above it, as Node requires.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Builds the gateway (used by main.ts and by the API tests). Call `listen` or `init` after. */
export async function createGatewayApp(config: GatewayConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  // X-Forwarded-* only from TRUST_PROXY (default: no proxy is trusted).
  const trust = compileTrustProxy(config.TRUST_PROXY);
  app.set('trust proxy', trust);
  app.disable('x-powered-by');
  app.use(requestContextMiddleware(trust));
  // API answers carry tokens and personal data: never stored by a browser or a proxy.
  app.use('/api', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
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
  // multipart/form-data is parsed after routing and authentication (http/input.interceptor.ts).
  mkdirSync(config.UPLOAD_DIR, { recursive: true });
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
  // In production the API documentation is for signed-in callers only (a bearer token).
  if (config.NODE_ENV === 'production') {
    app.use(['/api/docs', '/api/docs-json', '/api/docs-yaml'], (req: Request, res: Response, next: NextFunction) => {
      passport.authenticate('jwt', { session: false }, (err: unknown, user: unknown) => {
        if (err || !user) {
          const { status, body } = toErrorResponse(err ?? new Unauthorized('Not signed in or session expired'));
          return void res.status(status).json(body);
        }
        next();
      })(req, res, next);
    });
  }
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openapi), { jsonDocumentUrl: 'api/docs-json' });

  mountWebApp(app.getHttpAdapter().getInstance(), config.WEB_DIST);
  return app;
}
