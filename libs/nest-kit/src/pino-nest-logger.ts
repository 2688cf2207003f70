import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/** Nest's LoggerService on top of pino, for processes that do not serve HTTP. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}
  private ctx(optional: unknown[]): { context?: string } {
    const last = optional[optional.length - 1];
    return typeof last === 'string' ? { context: last } : {};
  }
  log(message: unknown, ...optional: unknown[]) {
    this.pino.info(this.ctx(optional), String(message));
  }
  error(message: unknown, ...optional: unknown[]) {
    const [trace] = optional;
    this.pino.error({ ...this.ctx(optional), ...(typeof trace === 'string' && optional.length > 1 ? { trace } : {}) }, String(message));
  }
  warn(message: unknown, ...optional: unknown[]) {
    this.pino.warn(this.ctx(optional), String(message));
  }
  debug(message: unknown, ...optional: unknown[]) {
    this.pino.debug(this.ctx(optional), String(message));
  }
  verbose(message: unknown, ...optional: unknown[]) {
    this.pino.trace(this.ctx(optional), String(message));
  }
  fatal(message: unknown, ...optional: unknown[]) {
    this.pino.fatal(this.ctx(optional), String(message));
  }
}
