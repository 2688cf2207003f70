import { Readable } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { Unauthorized, type Actor } from '@app/nest-kit';
import { RequestActor } from '../auth/request-actor';
import { HttpExceptionFilter } from '../http/http-exception.filter';
import { RpcClient } from '../rpc/rpc-client.service';
import { FilesController } from './files.controller';
import { FILE_STORAGE, type FileMeta, type FileStorage } from './file-storage';

const PROVIDER: Actor = { userId: '11111111-1111-4111-8111-111111111111', sessionId: 's1', roles: [] };
const UPLOADER: Actor = { userId: '22222222-2222-4222-8222-222222222222', sessionId: 's2', roles: [] };
const name = (c: string, ext = 'pdf') => `${c.repeat(32)}.${ext}`;

/** The stored files and their purposes; what credentialing answers; who each token is. */
const files = new Map<string, FileMeta | undefined>();
const claims = new Map<string, { claimed: boolean; allowedFor: string[] }>();
const asked: string[] = [];

const storage: FileStorage = {
  put: async () => 'unused',
  remove: async () => undefined,
  open: async (n) => (files.has(n) ? { stream: Readable.from([Buffer.from('%PDF-1.4')]), size: 8, contentType: n.endsWith('.png') ? 'image/png' : 'application/pdf', meta: files.get(n) } : undefined),
};
let actorNow: Actor | undefined;
const actors = {
  of: async (req: { headers: Record<string, string | undefined> }) => {
    const auth = req.headers.authorization;
    if (!auth) return undefined;
    if (auth === 'Bearer bad') throw new Unauthorized('Not signed in or session expired');
    actorNow = auth === 'Bearer provider' ? PROVIDER : auth === 'Bearer uploader' ? UPLOADER : { userId: '33333333-3333-4333-8333-333333333333', sessionId: 's3', roles: [] };
    return actorNow;
  },
};
const rpc = {
  call: async (_contract: unknown, { name: n }: { name: string }) => {
    asked.push(n);
    const c = claims.get(n) ?? { claimed: false, allowedFor: [] };
    return { claimed: c.claimed, allowed: !!actorNow && c.allowedFor.includes(actorNow.userId) };
  },
};

let app: NestExpressApplication;
beforeAll(async () => {
  const moduleRef = await Test.createTestingModule({
    controllers: [FilesController],
    providers: [
      { provide: FILE_STORAGE, useValue: storage },
      { provide: RequestActor, useValue: actors },
      { provide: RpcClient, useValue: rpc },
      { provide: APP_FILTER, useClass: HttpExceptionFilter },
    ],
  }).compile();
  app = moduleRef.createNestApplication<NestExpressApplication>();
  await app.init();
});
afterAll(() => app?.close());
beforeEach(() => {
  files.clear();
  claims.clear();
  asked.length = 0;
  actorNow = undefined;
});

const get = (n: string, token?: string) => {
  const r = request(app.getHttpServer()).get(`/api/files/${n}`);
  return token ? r.set('Authorization', `Bearer ${token}`) : r;
};

describe('GET /api/files/{name}: each upload served by the rule it was stored under', () => {
  it('public images (avatars, banners) to anyone, cached, without asking credentialing; a stale token does not hide them', async () => {
    files.set(name('a', 'png'), { purpose: 'public' });
    await get(name('a', 'png')).expect(200).expect('Cache-Control', 'public, max-age=31536000, immutable').expect('Content-Disposition', 'inline');
    await get(name('a', 'png'), 'bad').expect(200);
    expect(asked).toEqual([]);
  });

  it('a credentialing document: 401 without a token or with a bad one, its uploader before it is attached, then whoever may see the file (403 others)', async () => {
    const doc = name('b');
    files.set(doc, { purpose: 'credentialing', uploadedBy: UPLOADER.userId });
    await get(doc).expect(401);
    await get(doc, 'bad').expect(401);
    await get(doc, 'uploader').expect(200).expect('Cache-Control', 'private, no-store').expect('Content-Disposition', 'attachment');
    await get(doc, 'provider').expect(403);
    claims.set(doc, { claimed: true, allowedFor: [PROVIDER.userId] });
    await get(doc, 'provider').expect(200).expect('Cache-Control', 'private, no-store');
    await get(doc, 'stranger').expect(403);
  });

  it('a file stored before purposes existed: public unless a credentialing file holds it', async () => {
    const old = name('c');
    files.set(old, undefined);
    await get(old).expect(200).expect('Cache-Control', 'public, max-age=31536000, immutable');
    claims.set(old, { claimed: true, allowedFor: [PROVIDER.userId] });
    await get(old).expect(401);
    await get(old, 'stranger').expect(403);
    await get(old, 'provider').expect(200).expect('Cache-Control', 'private, no-store');
  });

  it('404 for a name the storage never handed out', async () => {
    await get(name('d')).expect(404);
  });
});
