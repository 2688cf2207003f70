import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';

export const UPLOAD_OPTIONS = 'gateway:upload';

export type UploadOptions = {
  /** The multipart field that carries the file. */
  field: string;
  /** Largest file in bytes for this route (never more than UPLOAD_MAX_BYTES). */
  maxBytes?: number;
  /** Accepted content types, checked on the file's bytes (file-type), not on what the client says. */
  types: readonly string[];
  /** Whether a request without the file is accepted (default: the file is required). */
  optional?: boolean;
};

/** A file received by an @Upload() route: streamed to a temporary file under UPLOAD_DIR. */
export type UploadedFileInfo = {
  field: string;
  /** Temporary path; removed after the handler unless the handler moved the file away. */
  path: string;
  size: number;
  /** Detected from the content. */
  mime: string;
  ext: string;
  /** As sent by the client (display only: never a path). */
  originalName: string;
};

/**
 * Marks a route that takes one file in a multipart/form-data body. Parsing happens after the
 * guards (authentication), streaming to disk with the route's size limit; the content must be
 * one of `types`. The handler finds the file on `req.uploadedFile` (see UploadedFileInfo) and
 * the text fields in the body. Other routes accept text-only multipart fields.
 */
export const Upload = (options: UploadOptions) => applyDecorators(SetMetadata(UPLOAD_OPTIONS, options), ApiConsumes('multipart/form-data'));
