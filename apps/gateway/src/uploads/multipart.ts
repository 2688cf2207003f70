import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import { fileTypeFromFile } from 'file-type';
import multer from 'multer';
import { DomainError, ValidationFailed } from '@app/nest-kit';
import { HttpFailure } from '../http/http-exception.filter';
import type { UploadOptions, UploadedFileInfo } from './upload.decorator';

/** Limits of the text fields of a multipart body (JSON/form routes and upload routes alike). */
const TEXT_LIMITS = { fields: 100, fieldSize: 64 * 1024, fieldNameSize: 100, parts: 101, headerPairs: 20, fieldNestingDepth: 2, fieldArrayIndexLimit: 100 } as const;

type Middleware = (req: Request, res: Response, next: (err?: unknown) => void) => void;

const run = (mw: Middleware, req: Request, res: Response) =>
  new Promise<void>((resolve, reject) => mw(req, res, (err?: unknown) => (err ? reject(asHttpError(err)) : resolve())));

/** What multer or busboy raise, as the answer the client gets: 413 for sizes, else 400. */
function asHttpError(err: unknown): DomainError | HttpFailure {
  if (err instanceof DomainError || err instanceof HttpFailure) return err;
  const e = err as { name?: string; code?: string; field?: string };
  if (e?.name === 'MulterError') {
    if (e.code === 'LIMIT_FILE_SIZE') return new HttpFailure(413, 'File too large', e.field, 'too_large');
    if (e.code === 'LIMIT_FIELD_VALUE') return new HttpFailure(413, `${e.field ?? 'A field'} is too long`, e.field, 'too_large');
    if (e.code === 'LIMIT_UNEXPECTED_FILE') return new ValidationFailed(e.field, e.field ? `${e.field}: no file is expected here` : 'No file is expected here');
    return new ValidationFailed(e.field, `Malformed multipart body: ${(err as Error).message}`);
  }
  return new ValidationFailed(undefined, 'Malformed multipart body');
}

/** A multipart body on a route that takes no file: its text fields into req.body, flat, small. */
const textOnly: Middleware = multer({ limits: { ...TEXT_LIMITS, files: 0 } }).none() as unknown as Middleware;

export function parseTextMultipart(req: Request, res: Response): Promise<void> {
  return run(textOnly, req, res);
}

/**
 * The file of an @Upload() route, streamed to `<uploadDir>/.incoming/<random>` with the route's
 * limit, then checked on its bytes against the route's types. Answers 400 (malformed, missing,
 * wrong type) or 413 (too large); a rejected file is deleted at once.
 */
export async function receiveUpload(req: Request, res: Response, options: UploadOptions, uploadDir: string, maxBytes: number): Promise<UploadedFileInfo | undefined> {
  const dir = join(uploadDir, '.incoming');
  mkdirSync(dir, { recursive: true });
  const upload = multer({
    storage: multer.diskStorage({ destination: dir, filename: (_req, _file, cb) => cb(null, randomBytes(16).toString('hex')) }),
    limits: { ...TEXT_LIMITS, files: 1, fileSize: Math.min(options.maxBytes ?? maxBytes, maxBytes) },
  }).single(options.field) as unknown as Middleware;
  await run(upload, req, res);
  const file = (req as Request & { file?: Express.Multer.File }).file;
  if (!file) {
    if (options.optional) return undefined;
    throw new ValidationFailed(options.field, `${options.field} is required`);
  }
  if (file.size === 0) {
    await discardUpload(file.path);
    throw new ValidationFailed(options.field, `${options.field} is empty`);
  }
  const type = await fileTypeFromFile(file.path).catch(() => undefined);
  if (!type || !options.types.includes(type.mime)) {
    await discardUpload(file.path);
    throw new ValidationFailed(options.field, `${options.field} must be one of: ${options.types.join(', ')}`);
  }
  return { field: options.field, path: file.path, size: file.size, mime: type.mime, ext: type.ext, originalName: file.originalname.slice(0, 255) };
}

export async function discardUpload(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}
