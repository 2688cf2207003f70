import pino, { type Logger, type LoggerOptions } from 'pino';
import { currentContext } from './request-context';

/** Paths that must never reach a log line. */
export const REDACT_PATHS = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'confirmNewPassword',
  '*.confirmNewPassword',
  'tempPassword',
  '*.tempPassword',
  'code',
  '*.code',
  '_2faCode',
  '*._2faCode',
  'token',
  '*.token',
  '_2faToken',
  '*._2faToken',
  'twoFactorAuthToken',
  '*.twoFactorAuthToken',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'passwordHash',
  '*.passwordHash',
];

/** The request context of a line (its correlation id and actor), added only when a line is written. */
export function contextMixin(): Record<string, string> {
  const ctx = currentContext();
  return ctx ? { correlationId: ctx.correlationId, ...(ctx.actor ? { actorId: ctx.actor.userId } : {}) } : {};
}

export function createLogger(app: string, level = process.env.LOG_LEVEL ?? 'info', extra: LoggerOptions = {}): Logger {
  return pino({
    level,
    base: { app },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: contextMixin,
    ...extra,
  });
}
