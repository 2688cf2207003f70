import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Conflict, Forbidden, ServiceUnavailable, ValidationFailed } from '@app/nest-kit';
import type { GatewayConfig } from '../config';
import { LocalDiskFileStorage } from './file-storage';
import type { UploadedFileInfo } from './upload.decorator';
import { UploadsService } from './uploads.service';

/** A credentialing document is kept only when the call that records it goes through. */
describe('UploadsService.withDocument', () => {
  let dir: string;
  let uploads: UploadsService;
  let incoming: string;
  const stored = () => readdirSync(join(dir, 'files'));
  const metas = () => readdirSync(join(dir, 'meta'));
  const pdf = (): UploadedFileInfo => {
    const path = join(incoming, `f${Math.random().toString(16).slice(2)}`);
    writeFileSync(path, '%PDF-1.4\n%%EOF\n');
    return { field: 'evidence', path, size: 15, mime: 'application/pdf', ext: 'pdf', originalName: 'board-verification.pdf' } as UploadedFileInfo;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'with-document-'));
    incoming = mkdtempSync(join(tmpdir(), 'with-document-in-'));
    uploads = new UploadsService({ UPLOAD_DIR: dir } as GatewayConfig, new LocalDiskFileStorage(dir));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(incoming, { recursive: true, force: true });
  });

  it('hands the stored document to the call and keeps it when the call goes through', async () => {
    const answer = await uploads.withDocument(pdf(), async (doc) => doc);
    expect(answer).toEqual({ fileUrl: expect.stringMatching(/^\/api\/files\/[0-9a-f]{32}\.pdf$/), fileName: 'board-verification.pdf' });
    expect(stored()).toEqual([answer!.fileUrl.split('/').pop()]);
    expect(metas()).toHaveLength(1);
  });

  it.each([
    ['a 400', new ValidationFailed('note', 'note is required')],
    ['a 403', new Forbidden('Only the master admin may do that')],
    ['a 409', new Conflict('A clearance is already pending', 'matchId')],
  ])('removes the document again when the call is refused with %s, and the refusal reaches the caller', async (_, refusal) => {
    await expect(uploads.withDocument(pdf(), async () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(stored()).toEqual([]);
    expect(metas()).toEqual([]);
  });

  it('keeps the document after an outage (the call may still be recorded)', async () => {
    const outage = new ServiceUnavailable('credentialing did not answer');
    await expect(uploads.withDocument(pdf(), async () => Promise.reject(outage))).rejects.toBe(outage);
    expect(stored()).toHaveLength(1);
  });

  it('without an upload the call gets null and nothing is stored', async () => {
    expect(await uploads.withDocument(undefined, async (doc) => doc)).toBeNull();
    expect(stored()).toEqual([]);
  });
});
