import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
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

/** Where uploaded files live. Local disk by default; an object store can implement the same. */
export interface FileStorage {
  /** Stores the bytes under a new random name with this extension; answers the name. */
  put(data: Buffer, ext: string): Promise<string>;
  /** The file, or undefined when the name is not one the storage handed out or nothing is there. */
  open(name: string): Promise<{ stream: Readable; size: number; contentType: string } | undefined>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** `<UPLOAD_DIR>/files/<random>.<ext>`, written with mode 0640. */
export class LocalDiskFileStorage implements FileStorage {
  private readonly dir: string;
  constructor(uploadDir: string) {
    this.dir = join(uploadDir, 'files');
    mkdirSync(this.dir, { recursive: true });
  }

  async put(data: Buffer, ext: string): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    if (!STORED_NAME.test(name)) throw new Error(`not a storable extension: ${ext}`);
    await writeFile(join(this.dir, name), data, { mode: 0o640, flag: 'wx' });
    return name;
  }

  async open(name: string) {
    if (!STORED_NAME.test(name)) return undefined;
    const path = join(this.dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { stream: createReadStream(path), size: info.size, contentType: CONTENT_TYPES[name.split('.').pop() as string] ?? 'application/octet-stream' };
  }
}

/** The URL a stored file is served at (apps/gateway/src/uploads/files.controller.ts). */
export const fileUrl = (name: string) => `/api/files/${name}`;
