import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { NotFound } from '@app/nest-kit';
import { Public } from '../auth/public.decorator';
import { FILE_STORAGE, type FileStorage } from './file-storage';

/**
 * Uploaded files (avatars, banners, chat attachments) under their random names. Public, as an
 * <img> sends no token; the 128-bit random name is the only way to one. Served with the type the
 * server decided (never the client's), `nosniff`, and as an attachment unless it is an image.
 */
@ApiTags('uploads')
@Controller('api/files')
export class FilesController {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  @Public()
  @Get(':name')
  @ApiOperation({ summary: 'An uploaded file (its random name), with its content type and X-Content-Type-Options: nosniff' })
  async file(@Param('name') name: string, @Res() res: Response) {
    const file = await this.storage.open(name);
    if (!file) throw new NotFound('File not found');
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Content-Disposition', file.contentType.startsWith('image/') ? 'inline' : 'attachment');
    file.stream.pipe(res);
  }
}
