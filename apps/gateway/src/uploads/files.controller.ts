import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { credentialing } from '@app/contracts';
import { Forbidden, NotFound, Unauthorized } from '@app/nest-kit';
import { Public } from '../auth/public.decorator';
import { RequestActor } from '../auth/request-actor';
import { ERROR_BODY } from '../identity/openapi';
import { RpcClient } from '../rpc/rpc-client.service';
import { FILE_STORAGE, type FileStorage, type StoredFile } from './file-storage';

const NOT_SIGNED_IN = 'Sign in to see this document';
const NOT_YOURS = 'Only the provider, the credentialing staff of their practices and the master admin see the documents of a credentialing file';

/**
 * Uploaded files under their random names, each served by the rule of what it was stored for:
 * - `public` (avatars, banners, practice images): to everyone, as an <img> sends no token;
 * - `credentialing` (a credential's document, a verification's or a resolution's evidence): only
 *   to a signed-in caller (401) who uploaded it or may see the credentialing file that holds it
 *   (credentialing answers `documentAccess`; 403 otherwise);
 * - stored without a purpose (before purposes existed): as a credentialing document when a file
 *   holds it, to everyone otherwise.
 * Chat attachments have their own participant-checked route. Served with the type the server
 * decided (never the client's), `nosniff`, and as an attachment unless it is an image.
 */
@ApiTags('uploads')
@Controller('api/files')
export class FilesController {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly actors: RequestActor,
    private readonly rpc: RpcClient,
  ) {}

  @Public()
  @Get(':name')
  @ApiOperation({ summary: 'An uploaded file (its random name): images of profiles and practices to anyone; credentialing documents and evidence only to those who may see the file' })
  @ApiResponse({ status: 401, description: 'A credentialing document without a (live) token', schema: ERROR_BODY })
  @ApiResponse({ status: 403, description: 'A credentialing document of a file the caller may not see', schema: ERROR_BODY })
  async file(@Param('name') name: string, @Req() req: Request, @Res() res: Response) {
    const file = await this.storage.open(name);
    if (!file) throw new NotFound('File not found');
    let cache: 'public' | 'private';
    try {
      cache = await this.rule(name, file, req);
    } catch (err) {
      file.stream.destroy();
      throw err;
    }
    this.send(res, file, cache);
  }

  /** How the file may be served to this caller (public, or private to them); throws 401/403. */
  private async rule(name: string, file: StoredFile, req: Request): Promise<'public' | 'private'> {
    if (file.meta?.purpose === 'public') return 'public';
    const actor = await this.actors.of(req).catch((err: unknown) => {
      // A stale token does not hide a file everyone may see; a protected one answers 401 below.
      if (err instanceof Unauthorized) return undefined;
      throw err;
    });
    if (file.meta?.purpose === 'credentialing') {
      if (!actor) throw new Unauthorized(NOT_SIGNED_IN);
      if (file.meta.uploadedBy === actor.userId) return 'private';
    }
    const access = await this.rpc.call(credentialing.MONITORING_RPC.documentAccess, { name });
    if (!access.claimed && !file.meta) return 'public';
    if (!actor) throw new Unauthorized(NOT_SIGNED_IN);
    if (!access.allowed) throw new Forbidden(NOT_YOURS);
    return 'private';
  }

  private send(res: Response, file: StoredFile, cache: 'public' | 'private') {
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', cache === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Content-Disposition', file.contentType.startsWith('image/') ? 'inline' : 'attachment');
    file.stream.pipe(res);
  }
}
