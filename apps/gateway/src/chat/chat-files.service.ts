import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { messaging } from '@app/contracts';
import { ServiceUnavailable, ValidationFailed } from '@app/nest-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { scanFile } from '../uploads/clamd';
import { CONTENT_TYPES } from '../uploads/file-storage';
import { reencodeImage } from '../uploads/images';
import type { UploadedFileInfo } from '../uploads/upload.decorator';

/** What a chat upload may be, decided on its bytes (file-type): the spec's list. */
export const CHAT_FILE_TYPES = [
  'application/pdf',
  'application/x-cfb', // doc, xls, ppt (OLE compound files)
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'image/png',
  'image/jpeg',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type StoredChatFile = { fileUrl: string; originalFileName: string; isImage: boolean; isDocument: boolean };

/**
 * Chat attachments, kept per room under `<UPLOAD_DIR>/chat/<chatId>/<random>.<ext>` (never under
 * the public /api/files): scanned by clamd when CLAMD_HOST is set, images re-encoded (metadata
 * stripped), and served only to the room's participants (chat.controller.ts asks messaging).
 */
@Injectable()
export class ChatFilesService {
  private readonly logger = new Logger('ChatFiles');
  private readonly dir: string;
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.dir = join(config.UPLOAD_DIR, 'chat');
  }

  async store(chatId: string, file: UploadedFileInfo): Promise<StoredChatFile> {
    if (!UUID.test(chatId)) throw new ValidationFailed('chatId', 'chatId must be a chat id');
    await this.scan(file);
    let data: Buffer;
    let ext: string;
    if (file.mime === 'image/png' || file.mime === 'image/jpeg') {
      try {
        const image = await reencodeImage(file.path, file.mime);
        data = image.data;
        ext = image.ext;
      } catch {
        throw new ValidationFailed(file.field, `${file.field} is not a readable image`);
      }
    } else {
      data = await readFile(file.path);
      // An OLE compound file is a doc, xls or ppt: the name the client gave says which (else doc).
      const claimed = extname(file.originalName).slice(1).toLowerCase();
      ext = file.ext === 'cfb' ? (['doc', 'xls', 'ppt'].includes(claimed) ? claimed : 'doc') : file.ext;
    }
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    if (!messaging.CHAT_FILE_NAME.test(name)) throw new ValidationFailed(file.field, `${file.field} must be one of: ${messaging.CHAT_FILE_EXTENSIONS.join(', ')}`);
    await mkdir(join(this.dir, chatId), { recursive: true, mode: 0o750 });
    await writeFile(join(this.dir, chatId, name), data, { mode: 0o640, flag: 'wx' });
    const isImage = ext === 'png' || ext === 'jpg';
    return { fileUrl: messaging.chatFileUrl(chatId, name), originalFileName: file.originalName, isImage, isDocument: !isImage };
  }

  /** The file of that room, or undefined (a name the store never hands out, or nothing there). */
  async open(chatId: string, name: string): Promise<{ stream: Readable; size: number; contentType: string } | undefined> {
    if (!UUID.test(chatId) || !messaging.CHAT_FILE_NAME.test(name)) return undefined;
    const path = join(this.dir, chatId, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { stream: createReadStream(path), size: info.size, contentType: CONTENT_TYPES[name.split('.').pop() as string] ?? 'application/octet-stream' };
  }

  private async scan(file: UploadedFileInfo): Promise<void> {
    if (!this.config.CLAMD_HOST) return;
    let result;
    try {
      result = await scanFile(file.path, { host: this.config.CLAMD_HOST, port: this.config.CLAMD_PORT });
    } catch (err) {
      this.logger.error(`virus scan failed: ${(err as Error).message}`);
      throw new ServiceUnavailable('The virus scanner is not available; please try again later');
    }
    if (result.infected) throw new ValidationFailed(file.field, `${file.field} contains a virus (${result.signature}) and was refused`);
  }
}
