import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** Names the storage hands out: 32 random hex digits and a known extension. Nothing else is ever opened. */
export const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|pdf|doc|docx|xls|xlsx|ppt|pptx)$/;

export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * What an upload is for, decided by the route that received it: `public` (avatars, banners,
 * practice images: an <img> sends no token), `credentialing` (a credential's document or a
 * verification's evidence: only its uploader, and whoever may see the file that holds it).
 * A file stored without it (before purposes existed) is checked against the credentialing files.
 */
export type FileMeta = { purpose: 'public' | 'credentialing'; uploadedBy?: string };
export type StoredFile = { stream: Readable; size: number; contentType: string; meta?: FileMeta };

/** Where uploaded files live. Local disk by default; an object store can implement the same (meta as the object's metadata). */
export interface FileStorage {
  /** Stores the bytes under a new random name with this extension (and what it is for); answers the name. */
  put(data: Buffer, ext: string, meta?: FileMeta): Promise<string>;
  /** The file, or undefined when the name is not one the storage handed out or nothing is there. */
  open(name: string): Promise<StoredFile | undefined>;
  /** Removes a file it handed out (and its purpose); nothing when it is not there. */
  remove(name: string): Promise<void>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** `<UPLOAD_DIR>/files/<random>.<ext>`, written with mode 0640; its purpose beside it in `<UPLOAD_DIR>/meta/<random>.<ext>.json`. */
export class LocalDiskFileStorage implements FileStorage {
  private readonly dir: string;
  private readonly metaDir: string;
  constructor(uploadDir: string) {
    this.dir = join(uploadDir, 'files');
    this.metaDir = join(uploadDir, 'meta');
    mkdirSync(this.dir, { recursive: true });
    mkdirSync(this.metaDir, { recursive: true });
  }

  async put(data: Buffer, ext: string, meta?: FileMeta): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    if (!STORED_NAME.test(name)) throw new Error(`not a storable extension: ${ext}`);
    // The purpose first: a file is never there without the rule it was stored under.
    if (meta) await writeFile(join(this.metaDir, `${name}.json`), JSON.stringify(meta), { mode: 0o640, flag: 'wx' });
    await writeFile(join(this.dir, name), data, { mode: 0o640, flag: 'wx' });
    return name;
  }

  async open(name: string): Promise<StoredFile | undefined> {
    if (!STORED_NAME.test(name)) return undefined;
    const path = join(this.dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const meta = await readFile(join(this.metaDir, `${name}.json`), 'utf8')
      .then((text) => parseMeta(text))
      .catch(() => undefined);
    return { stream: createReadStream(path), size: info.size, contentType: CONTENT_TYPES[name.split('.').pop() as string] ?? 'application/octet-stream', meta };
  }

  async remove(name: string): Promise<void> {
    if (!STORED_NAME.test(name)) return;
    await rm(join(this.dir, name), { force: true });
    await rm(join(this.metaDir, `${name}.json`), { force: true });
  }
}

function parseMeta(text: string): FileMeta | undefined {
  const v = JSON.parse(text) as Partial<FileMeta>;
  if (v.purpose !== 'public' && v.purpose !== 'credentialing') return undefined;
  return { purpose: v.purpose, ...(typeof v.uploadedBy === 'string' ? { uploadedBy: v.uploadedBy } : {}) };
}

/** The URL a stored file is served at (apps/gateway/src/uploads/files.controller.ts). */
export const fileUrl = (name: string) => `/api/files/${name}`;
/** The stored name a file URL points at (undefined for any other URL). */
export const storedNameOf = (url: string): string | undefined => {
  const name = url.startsWith('/api/files/') ? url.slice('/api/files/'.length) : '';
  return STORED_NAME.test(name) ? name : undefined;
};
