import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Body, CanActivate, Controller, ExecutionContext, Injectable, Post, Req } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { Unauthorized } from '@app/nest-kit';
import { GATEWAY_CONFIG } from '../config';
import { HttpExceptionFilter } from '../http/http-exception.filter';
import { InputInterceptor, MultilineFields, type RequestWithUpload } from '../http/input.interceptor';
import { Upload } from './upload.decorator';

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Stands in for the JWT guard: a request without `Authorization` is refused before any parsing. */
@Injectable()
class FakeAuth implements CanActivate {
  canActivate(ctx: ExecutionContext) {
    if (!ctx.switchToHttp().getRequest().headers.authorization) throw new Unauthorized();
    return true;
  }
}

const seen: { path?: string; size?: number; existed?: boolean } = {};

@Controller('t')
class UploadsTestController {
  @Post('avatar')
  @Upload({ field: 'avatar', maxBytes: 1024, types: ['image/png', 'image/jpeg'] })
  async avatar(@Req() req: RequestWithUpload, @Body() body: Record<string, unknown>) {
    const f = req.uploadedFile!;
    seen.path = f.path;
    seen.existed = (await stat(f.path)).size === f.size;
    return { mime: f.mime, ext: f.ext, size: f.size, originalName: f.originalName, caption: body.caption };
  }

  @Post('note')
  @MultilineFields('description')
  note(@Body() body: unknown) {
    return body;
  }
}

describe('uploads and request input', () => {
  let app: NestExpressApplication;
  let dir: string;
  const incoming = () => readdirSync(join(dir, '.incoming'), { withFileTypes: true }).filter((e) => e.isFile());

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'uploads-'));
    const moduleRef = await Test.createTestingModule({
      controllers: [UploadsTestController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: { UPLOAD_DIR: dir, UPLOAD_MAX_BYTES: 4096 } },
        { provide: APP_GUARD, useClass: FakeAuth },
        { provide: APP_INTERCEPTOR, useClass: InputInterceptor },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
    await app.init();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (path: string) => request(app.getHttpServer()).post(path).set('Authorization', 'Bearer x');

  it('streams the file to disk after authentication, checks its bytes, and removes the temporary file after the handler', async () => {
    const res = await post('/t/avatar').field('caption', 'Me').attach('avatar', PNG, { filename: 'me.png', contentType: 'image/png' }).expect(201);
    expect(res.body).toEqual({ mime: 'image/png', ext: 'png', size: PNG.length, originalName: 'me.png', caption: 'Me' });
    expect(seen.existed).toBe(true);
    expect(incoming()).toEqual([]);
  });

  it('refuses an anonymous upload before reading it (401), and nothing reaches the disk', async () => {
    await request(app.getHttpServer()).post('/t/avatar').attach('avatar', PNG, 'me.png').expect(401);
    expect(incoming()).toEqual([]);
  });

  it('answers 400 naming the field for content that is not of an accepted type, whatever the client claims', async () => {
    const res = await post('/t/avatar').attach('avatar', Buffer.from('<svg onload=alert(1)>'), { filename: 'x.png', contentType: 'image/png' }).expect(400);
    expect(res.body).toMatchObject({ success: false, field: 'avatar', message: 'avatar must be one of: image/png, image/jpeg' });
    expect(incoming()).toEqual([]);
  });

  it('answers 413 above the route limit, 400 for a missing file, a wrong field or a malformed body', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2048)]);
    expect((await post('/t/avatar').attach('avatar', big, 'big.png').expect(413)).body).toMatchObject({ success: false, message: 'File too large' });
    expect((await post('/t/avatar').field('caption', 'no file').expect(400)).body).toMatchObject({ field: 'avatar', message: 'avatar is required' });
    await post('/t/avatar').send({ avatar: 'not a file' }).expect(400);
    await post('/t/avatar').attach('other', PNG, 'me.png').expect(400);
    await post('/t/avatar').set('Content-Type', 'multipart/form-data; boundary=zz').send('--zz\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nabc').expect(400);
    expect(incoming()).toEqual([]);
  });

  it('lets the multi-line fields of a route keep line breaks, and no other field', async () => {
    await post('/t/note').send({ description: 'line 1\nline 2\ttabbed' }).expect(201);
    const bad = await post('/t/note').send({ title: 'a\nb' }).expect(400);
    expect(bad.body).toMatchObject({ field: 'title', message: 'title must not contain control characters' });
    await post('/t/note').send({ description: 'a\u0000b' }).expect(400);
  });
});
