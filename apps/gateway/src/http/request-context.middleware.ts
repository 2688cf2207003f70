import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { runWithContext } from '@app/nest-kit';
import { clientIp, type TrustProxy } from './client-ip';

const ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Gives every request a correlation id (taken from X-Request-Id when sane) and its client
 * metadata. The client IP honours X-Forwarded-For from trusted proxies only and is always a
 * valid IP: it replaces `req.ip`, so the throttler and everything else read the same value.
 */
export function requestContextMiddleware(trust: TrustProxy) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const incoming = req.header('x-request-id');
    const correlationId = incoming && ID.test(incoming) ? incoming : randomUUID();
    (req as Request & { id?: string }).id = correlationId;
    res.setHeader('X-Request-Id', correlationId);
    const ip = clientIp(req, trust);
    Object.defineProperty(req, 'ip', { value: ip, configurable: true, enumerable: true, writable: false });
    const userAgent = req.header('user-agent')?.slice(0, 512);
    runWithContext({ correlationId, request: { ip, userAgent } }, () => next());
  };
}
