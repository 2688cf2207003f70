import type { Options as PinoHttpOptions } from 'pino-http';
import { REDACT_PATHS, currentContext } from '@app/nest-kit';
import type { GatewayConfig } from '../config';

/** The gateway's pino-http options: request ids, the actor, redaction, and the request lines only where they can be written. */
export function requestLoggerOptions(config: Pick<GatewayConfig, 'LOG_LEVEL'>): PinoHttpOptions {
  return {
    level: config.LOG_LEVEL,
    base: { app: 'gateway' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    genReqId: (req) => (req as { id?: string }).id ?? currentContext()?.correlationId ?? '',
    // The per-request lines ("request completed", with the actor) are written at info:
    // above it, none can be written, and making them cost every request its work.
    ...(writesRequestLogs(config.LOG_LEVEL)
      ? {
          customProps: () => {
            const actor = currentContext()?.actor;
            return actor ? { actorId: actor.userId } : {};
          },
          autoLogging: { ignore: (req: { url?: string }) => req.url?.startsWith('/api/health') === true },
        }
      : { autoLogging: false }),
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url?.split('?')[0] }),
    },
  };
}

/** Whether the request log lines (pino-http's, written at info) can be written at this log level. */
export function writesRequestLogs(level: GatewayConfig['LOG_LEVEL']): boolean {
  return level === 'info' || level === 'debug' || level === 'trace';
}
