import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { REDACT_PATHS, currentContext } from '@app/nest-kit';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { JwtStrategy } from './auth/jwt.strategy';
import { SessionValidator } from './auth/session-validator.service';
import { TokenService } from './auth/token.service';
import { MasterAdminBootstrap } from './bootstrap/master-admin.bootstrap';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { HealthController } from './health/health.controller';
import { HttpExceptionFilter } from './http/http-exception.filter';
import { identityControllers, identityProviders } from './identity';
import { InfraCloser, infraProviders } from './infra.providers';
import { NotificationsController } from './notifications/notifications.controller';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { RpcClient } from './rpc/rpc-client.service';
import { ExistsController } from './users/exists.controller';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.LOG_LEVEL,
            base: { app: 'gateway' },
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            genReqId: (req) => (req as { id?: string }).id ?? currentContext()?.correlationId ?? '',
            customProps: () => {
              const actor = currentContext()?.actor;
              return actor ? { actorId: actor.userId } : {};
            },
            autoLogging: { ignore: (req) => req.url === '/api/health' },
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url?.split('?')[0] }),
            },
          },
        }),
        PassportModule,
        JwtModule.register({ secret: config.JWT_SECRET, signOptions: { algorithm: 'HS256' } }),
        ThrottlerModule.forRoot([{ name: 'default', ttl: 60_000, limit: config.NODE_ENV === 'test' ? 100_000 : 600 }]),
      ],
      controllers: [HealthController, ExistsController, NotificationsController, ...identityControllers(config.NODE_ENV)],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        ...infraProviders,
        InfraCloser,
        RpcClient,
        ...identityProviders,
        TokenService,
        SessionValidator,
        JwtStrategy,
        RealtimeGateway,
        MasterAdminBootstrap,
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
