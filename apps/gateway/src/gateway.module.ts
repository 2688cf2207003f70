import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { JwtStrategy } from './auth/jwt.strategy';
import { SessionCache } from './auth/session-cache';
import { VerifiedTokens } from './auth/verified-tokens';
import { RequestActor } from './auth/request-actor';
import { SessionValidator } from './auth/session-validator.service';
import { JWT_ALGORITHM, TokenService } from './auth/token.service';
import { MasterAdminBootstrap } from './bootstrap/master-admin.bootstrap';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { AsyncApiController } from './asyncapi/asyncapi.controller';
import { ChatController } from './chat/chat.controller';
import { ChatFilesService } from './chat/chat-files.service';
import { HealthController } from './health/health.controller';
import { HttpExceptionFilter } from './http/http-exception.filter';
import { InputInterceptor } from './http/input.interceptor';
import { requestLoggerParams } from './http/request-logger';
import { WindowThrottlerStorage } from './http/throttler-storage';
import { identityControllers, identityProviders } from './identity';
import { InfraCloser, infraProviders } from './infra.providers';
import { NotificationsController } from './notifications/notifications.controller';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { facilitiesControllers } from './facilities';
import { FhirController } from './fhir/fhir.controller';
import { practicesControllers } from './practices';
import { credentialingControllers } from './credentialing';
import { registryControllers, registryProviders } from './registry';
import { RpcClient } from './rpc/rpc-client.service';
import { ExistsController } from './users/exists.controller';
import { ProfilesController } from './users/profiles.controller';
import { FilesController } from './uploads/files.controller';
import { GridExportController } from './grid-export/grid-export.controller';
import { FILE_STORAGE, LocalDiskFileStorage } from './uploads/file-storage';
import { UploadsService } from './uploads/uploads.service';

/** The product's own words when a client sends too many requests (never the framework's). */
export const TOO_MANY_REQUESTS = 'Too many requests: please wait a moment and try again';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        LoggerModule.forRoot(requestLoggerParams(config)),
        PassportModule,
        JwtModule.register({ secret: config.JWT_SECRET, signOptions: { algorithm: JWT_ALGORITHM }, verifyOptions: { algorithms: [JWT_ALGORITHM] } }),
        // Per client IP (req.ip: X-Forwarded-For only from TRUST_PROXY, see http/client-ip.ts), per
        // route; counted in O(1) per request (http/throttler-storage.ts), keyed without hashing.
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'default', ttl: 60_000, limit: config.HTTP_RATE_LIMIT ?? (config.NODE_ENV === 'test' ? 100_000 : 600) }],
          errorMessage: TOO_MANY_REQUESTS,
          storage: new WindowThrottlerStorage(),
          generateKey: (ctx, tracker, name) => `${ctx.getClass().name}-${ctx.getHandler().name}-${name}-${tracker}`,
        }),
      ],
      controllers: [HealthController, AsyncApiController, ExistsController, ProfilesController, FilesController, NotificationsController, ChatController, ...identityControllers(config.NODE_ENV), ...registryControllers, ...facilitiesControllers, ...practicesControllers, ...credentialingControllers, GridExportController, FhirController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        ...infraProviders,
        InfraCloser,
        RpcClient,
        { provide: FILE_STORAGE, useFactory: () => new LocalDiskFileStorage(config.UPLOAD_DIR) },
        UploadsService,
        ChatFilesService,
        ...identityProviders,
        ...registryProviders,
        TokenService,
        SessionCache,
        SessionValidator,
        JwtStrategy,
        VerifiedTokens,
        RequestActor,
        RealtimeGateway,
        MasterAdminBootstrap,
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: APP_INTERCEPTOR, useClass: InputInterceptor },
      ],
    };
  }
}
