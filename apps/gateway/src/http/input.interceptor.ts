import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { ValidationFailed } from '@app/nest-kit';
import { findControlCharacterField } from '@app/validation';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { discardUpload, parseTextMultipart, receiveUpload } from '../uploads/multipart';
import { UPLOAD_OPTIONS, type UploadOptions, type UploadedFileInfo } from '../uploads/upload.decorator';

export const MULTILINE_FIELDS = 'gateway:multiline-fields';
/** Names the text fields of a route that take line breaks and tabs (e.g. a description). */
export const MultilineFields = (...fields: string[]) => SetMetadata(MULTILINE_FIELDS, fields);

export type RequestWithUpload = Request & { uploadedFile?: UploadedFileInfo };

/**
 * Every route's input, after the guards (so after authentication) and before the handler:
 * 1. a multipart/form-data body is parsed here, not before routing: an @Upload() route streams
 *    its file to disk with its own limits; any other route takes text fields only (small, flat);
 * 2. every string of the path parameters, query and body, keys included, is refused with a 400
 *    naming the field when it holds a control character (tab and line breaks only in the
 *    route's @MultilineFields()), or when the input nests too deeply.
 */
@Injectable()
export class InputInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    return from(this.handle(ctx, next));
  }

  private async handle(ctx: ExecutionContext, next: CallHandler): Promise<unknown> {
    const req = ctx.switchToHttp().getRequest<RequestWithUpload>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const upload = this.reflector.get<UploadOptions | undefined>(UPLOAD_OPTIONS, ctx.getHandler());
    if (req.is('multipart/form-data')) {
      if (upload) req.uploadedFile = await receiveUpload(req, res, upload, this.config.UPLOAD_DIR, this.config.UPLOAD_MAX_BYTES);
      else await parseTextMultipart(req, res);
    } else if (upload && !upload.optional) {
      throw new ValidationFailed(upload.field, `${upload.field} is required (multipart/form-data)`);
    }
    try {
      const multiline = this.reflector.getAllAndOverride<string[] | undefined>(MULTILINE_FIELDS, [ctx.getHandler(), ctx.getClass()]) ?? [];
      for (const part of [req.params, req.query, req.body]) {
        const problem = findControlCharacterField(part, { multiline });
        if (problem) throw new ValidationFailed(problem.field, problem.message);
      }
      return await lastValueFrom(next.handle(), { defaultValue: undefined });
    } finally {
      if (req.uploadedFile) await discardUpload(req.uploadedFile.path);
    }
  }
}
