import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every other
 * GET that is not an API, socket or upload path (history-API fallback for client routes).
 */
export function mountWebApp(app: Express, webDist: string): boolean {
  const root = resolve(webDist);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  app.use('/assets', express.static(join(root, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  app.use(express.static(root, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (/^\/(api|socket\.io|uploads)(\/|$)/.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}
