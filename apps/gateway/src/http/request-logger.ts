import type { Params } from 'nestjs-pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import { REDACT_PATHS, contextMixin, currentContext } from '@app/nest-kit';
import type { GatewayConfig } from '../config';

/**
 * The gateway's logging (nestjs-pino): at info and below, pino-http writes one line per request
 * (its id, the actor, the path). Above info no request line can be written, so there is no
 * per-request logger at all (`useExisting`: pino-http's middleware is not mounted): building one
 * serialized and redacted the request for every call, the largest allocation of a chat post, for
 * lines that were never written. Lines written during a request (warn, error) carry its
 * correlation id and actor all the same, added only when a line is written (`mixin`).
 */
export function requestLoggerParams(config: Pick<GatewayConfig, 'LOG_LEVEL'>): Params {
  const pinoHttp = requestLoggerOptions(config);
  return writesRequestLogs(config.LOG_LEVEL) ? { pinoHttp } : { pinoHttp, useExisting: true };
}

/** The gateway's pino-http options: request ids, the actor, redaction, and the request lines only where they can be written. */
export function requestLoggerOptions(config: Pick<GatewayConfig, 'LOG_LEVEL'>): PinoHttpOptions {
  return {
    level: config.LOG_LEVEL,
    base: { app: 'gateway' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    genReqId: (req) => (req as { id?: string }).id ?? currentContext()?.correlationId ?? '',
    ...(writesRequestLogs(config.LOG_LEVEL)
      ? {
          customProps: () => {
            const actor = currentContext()?.actor;
            return actor ? { actorId: actor.userId } : {};
          },
          autoLogging: { ignore: (req: { url?: string }) => req.url?.startsWith('/api/health') === true },
        }
      : {
          autoLogging: false,
          mixin: contextMixin,
        }),
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url?.split('?')[0] }),
    },
  };
}

/** Whether the request log lines (pino-http's, written at info) can be written at this log level. */
export function writesRequestLogs(level: GatewayConfig['LOG_LEVEL']): boolean {
  return level === 'info' || level === 'debug' || level === 'trace';
}
