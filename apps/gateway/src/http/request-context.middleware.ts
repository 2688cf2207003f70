import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { runWithContext } from '@app/nest-kit';

const ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Gives every request a correlation id (taken from X-Request-Id when sane) and its client metadata. */
export function requestContextMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.header('x-request-id');
  const correlationId = incoming && ID.test(incoming) ? incoming : randomUUID();
  (req as Request & { id?: string }).id = correlationId;
  res.setHeader('X-Request-Id', correlationId);
  const userAgent = req.header('user-agent')?.slice(0, 512);
  runWithContext({ correlationId, request: { ip: req.ip, userAgent } }, () => next());
}
