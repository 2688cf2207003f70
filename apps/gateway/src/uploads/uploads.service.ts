import { Inject, Injectable, Logger } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { DomainError, ServiceUnavailable, ValidationFailed, currentContext } from '@app/nest-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { scanFile } from './clamd';
import { FILE_STORAGE, fileUrl, storedNameOf, type FileMeta, type FileStorage } from './file-storage';
import { reencodeImage } from './images';
import type { UploadedFileInfo } from './upload.decorator';

export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** Largest profile image upload (the route limit; never more than UPLOAD_MAX_BYTES). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export type StoredUpload = { fileUrl: string; originalFileName: string; contentType: string };
/** A credentialing document as a file records it. */
export type StoredDocument = { fileUrl: string; fileName: string };

/** A definitive refusal of the call (bad input, not allowed, not found, a conflict): what it was sent with was not recorded. */
const REFUSALS = new Set(['validation', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited']);
const refused = (error: unknown) => error instanceof DomainError && REFUSALS.has(error.kind);

/**
 * What happens to a received upload (after multipart.ts streamed it to disk and checked its
 * bytes' type): the virus scan when CLAMD_HOST is set, images re-encoded by sharp (metadata
 * stripped, at most 2048 px), then stored under a random name behind the FileStorage port.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger('Uploads');
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** `meta`: what the file is for (files.controller.ts serves it by that rule); without it, as a file a credentialing file may claim. */
  async store(file: UploadedFileInfo, meta?: FileMeta): Promise<StoredUpload> {
    await this.scan(file);
    if ((IMAGE_TYPES as readonly string[]).includes(file.mime)) {
      let image: Awaited<ReturnType<typeof reencodeImage>>;
      try {
        image = await reencodeImage(file.path, file.mime);
      } catch {
        throw new ValidationFailed(file.field, `${file.field} is not a readable image`);
      }
      const name = await this.storage.put(image.data, image.ext, meta);
      return { fileUrl: fileUrl(name), originalFileName: file.originalName, contentType: image.mime };
    }
    const ext = file.ext === 'cfb' ? 'doc' : file.ext;
    const name = await this.storage.put(await readFile(file.path), ext, meta);
    return { fileUrl: fileUrl(name), originalFileName: file.originalName, contentType: file.mime };
  }

  /** A credentialing document or evidence: served to its uploader, and to whoever may see the file that holds it. */
  storeDocument(file: UploadedFileInfo): Promise<StoredUpload> {
    const uploadedBy = currentContext()?.actor?.userId;
    return this.store(file, { purpose: 'credentialing', ...(uploadedBy ? { uploadedBy } : {}) });
  }

  /**
   * Stores the request's credentialing document (when one was sent) and hands it to `use` (the
   * call that records it). When the call is refused, the document is removed again: nothing is
   * kept that no file records. After an outage or a timeout it stays, since the call may still
   * have been recorded.
   */
  async withDocument<T>(file: UploadedFileInfo | undefined, use: (document: StoredDocument | null) => Promise<T>): Promise<T> {
    const stored = file ? await this.storeDocument(file) : null;
    try {
      return await use(stored ? { fileUrl: stored.fileUrl, fileName: stored.originalFileName.slice(0, 255) } : null);
    } catch (error) {
      const name = stored && refused(error) ? storedNameOf(stored.fileUrl) : undefined;
      if (name) await this.storage.remove(name).catch((e: Error) => this.logger.warn(`could not remove a refused upload: ${e.message}`));
      throw error;
    }
  }

  /** clamd INSTREAM when CLAMD_HOST is set: an infected file is a 400, an unreachable scanner a 503 (never stored unscanned). */
  private async scan(file: UploadedFileInfo): Promise<void> {
    if (!this.config.CLAMD_HOST) return;
    let result;
    try {
      result = await scanFile(file.path, { host: this.config.CLAMD_HOST, port: this.config.CLAMD_PORT });
    } catch (err) {
      this.logger.error(`virus scan failed: ${(err as Error).message}`);
      throw new ServiceUnavailable('The virus scanner is not available; please try again later');
    }
    if (result.infected) {
      this.logger.warn(`refused an infected upload (${result.signature})`);
      throw new ValidationFailed(file.field, `${file.field} contains a virus (${result.signature}) and was refused`);
    }
  }
}
