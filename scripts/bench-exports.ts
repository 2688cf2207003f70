/**
 * `npm run bench -- exports [--smoke]`: the audit's documents at scale, on this machine's Postgres
 * in a throwaway database.
 *   1. The credentialing packet of a full file (6 credentials, 12 verifications with evidence, two
 *      evidence images appended, the attestation, decision events, 300 history lines) rendered by
 *      the gateway's renderer, median of 5, vs a bare one-page pdfkit document (same run). Target < 1 s.
 *   2. The files grid's CSV export of EXPORTS_BENCH_ROWS (1,000,000) files: the service's keyset
 *      chunks (ExportFilesHandler, 1,000 rows a chunk) through the gateway's streamCsv to an HTTP
 *      client on loopback, rows/s and the peak RSS of this process (service and gateway sides in
 *      one process: an upper bound of either; the NATS hop between them is not in it), vs a plain
 *      `COPY (SELECT ... FROM credentialing_file_list ORDER BY provider_id) TO STDOUT (FORMAT csv)`.
 */
import { crc32, deflateSync } from 'node:zlib';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Pool } from 'pg';
import PDFDocument from 'pdfkit';
import { to as copyTo } from 'pg-copy-streams';
import type { credentialing } from '@app/contracts';
import { migrateService } from '@app/nest-kit';
import { createTestDatabase } from '@app/testing';
import { ExportFilesHandler } from '../apps/credentialing/src/export-files/export-files.handler';
import { ExportFilesQuery } from '../apps/credentialing/src/export-files/export-files.query';
import type { FileAccess } from '../apps/credentialing/src/infrastructure/file-access';
import { credentialingStorage } from '../apps/credentialing/src/storage';
import { streamCsv } from '../apps/gateway/src/grid-export/csv';
import { renderPacket } from '../apps/gateway/src/credentialing/packet/packet.pdf';
import { fmt } from './bench/support';
import type { BenchFigure, BenchOptions, Benchmark } from './bench/types';

const seconds = async <T>(work: () => Promise<T>): Promise<{ s: number; value: T }> => {
  const t = process.hrtime.bigint();
  const value = await work();
  return { s: Number(process.hrtime.bigint() - t) / 1e9, value };
};
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

/** A PNG of w x h pixels (a gradient), written by hand. */
function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set([x % 256, y % 256, (x + y) % 256], y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A full file's packet content: every kind of credential, verifications with evidence, the attestation, decisions, a long history. */
function fullPacket(): credentialing.PacketReply {
  const kinds = [
    { kind: 'stateLicense', state: 'TX', number: 'L-1', licenseType: 'MD', status: 'Active', issuedOn: '2015-06-01', expiresOn: '2030-06-01' },
    { kind: 'dea', number: 'AB1234563', state: 'TX', schedules: ['2', '3'], issuedOn: '2020-01-01', expiresOn: '2029-01-01' },
    { kind: 'boardCertification', board: 'ABIM', specialty: 'Internal Medicine', issuedOn: '2016-01-01', expiresOn: '2030-01-01' },
    { kind: 'malpractice', carrier: 'MedPro', policyNumber: 'P-77', perClaimCoverage: 1_000_000, aggregateCoverage: 3_000_000, issuedOn: '2026-01-01', expiresOn: '2027-01-01' },
    { kind: 'education', institution: 'Albany Medical College', degree: 'MD', issuedOn: '2010-05-20' },
    { kind: 'workHistory', employer: 'Albany Clinic', startedOn: '2012-07-01' },
  ];
  const credentials = kinds.map((k, i) => ({ ...k, documents: [`/api/files/doc${i}.pdf`], credentialId: `k${i}`, addedOn: '2026-01-02', changedAt: '2026-01-02T10:00:00Z' })) as unknown as credentialing.FileView['credentials'];
  const verifications: credentialing.VerificationView[] = Array.from({ length: 12 }, (_, i) => ({
    verificationId: `v${i}`,
    credentialId: i < 5 ? `k${i}` : null,
    source: i < 5 ? 'State board' : i % 2 ? 'NPPES' : 'OIG LEIE',
    method: i < 5 ? 'manual' : 'automatic',
    result: 'Verified',
    verifiedOn: '2026-01-05',
    verifiedBy: 'u-staff',
    note: 'Checked at the source',
    evidence: i < 5 ? { kind: 'document', fileUrl: `/api/files/ev${i}.${i < 2 ? 'png' : 'pdf'}`, fileName: `evidence-${i}.${i < 2 ? 'png' : 'pdf'}` } : { kind: 'snapshot', source: 'NPPES', snapshot: { npi: '1234567893', name: 'SMITH ANN', licences: [{ state: 'TX', number: 'L-1' }] } },
    discrepancies: [],
  }));
  const file: credentialing.FileView = {
    providerId: 'p1',
    provider: { name: 'Smith, Ann', npi: '1234567893' },
    cycle: 2,
    cycleId: 'c2',
    status: 'Approved',
    startedOn: '2026-01-02',
    application: { hasDea: true, hasBoardCertification: true },
    credentials,
    verifications,
    attestation: { unableToPerformEssentialFunctions: false, illegalDrugUse: false, lossOfLicenseOrFelony: false, limitationsOrDisciplinaryActions: false, currentMalpracticeCoverage: true, explanation: null, signature: 'Ann Smith', signedOn: '2026-01-10', signedBy: 'p1' },
    openItems: [],
    decision: { decision: 'Approved', note: 'Meets every criterion', decidedOn: '2026-02-01', decidedBy: 'u-admin' },
    recredentialingDueOn: '2029-02-01',
    history: Array.from({ length: 8 }, (_, i) => ({ from: 'Application', to: 'Verification', at: '2026-01-03T10:00:00Z', by: 'u-staff', why: `step ${i}` })) as credentialing.FileView['history'],
    cycles: [],
    activity: Array.from({ length: 300 }, (_, i) => ({ at: '2026-01-03T10:00:00Z', by: 'u-staff', cycle: 2, what: `Change number ${i} of the file` })),
    people: { 'u-staff': 'Sam Staff', 'u-admin': 'Ada Admin', p1: 'Ann Smith' },
    can: { edit: false, verify: false, attest: false, submit: false, decide: false, start: false },
    notice: { letters: [{ letterId: 'l1', cycle: 2, decision: 'Approved', decidedOn: '2026-02-01', appeal: false, url: '/x' }], reasons: [], appeal: null, appealDeadline: null, corrections: [], can: { appeal: false, addAppealDocument: false, decideAppeal: false, requestCorrection: false, answerCorrection: false } },
  };
  const decisions = [{ type: 'FileDecided', at: '2026-02-01T10:00:00Z', by: 'u-admin', fields: { decision: 'Approved', note: 'Meets every criterion', decidedOn: '2026-02-01', reasons: [], letterId: 'l1' } }];
  return { file, decisions, people: {}, generatedAt: new Date().toISOString() };
}

async function barePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 54 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica').fontSize(11).text('Credentialing packet');
  doc.end();
  return done;
}

/** Samples this process's RSS every 50 ms while `work` runs; the peak in MiB. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ value: T; mib: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, mib: peak / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** Downloads a URL to nowhere, counting bytes and lines. */
function download(url: string): Promise<{ bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => resolve({ bytes, lines }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

export const benchmark: Benchmark = {
  name: 'exports',
  description: 'the credentialing packet of a full file (PDF) and the files grid CSV export of 1,000,000 rows (streamed)',
  async run(o: BenchOptions) {
    const figures: BenchFigure[] = [];
    const rows = o.smoke ? 5_000 : Number(process.env.EXPORTS_BENCH_ROWS ?? 1_000_000);

    // 1. The packet.
    const image = png(800, 600);
    const packet = fullPacket();
    const read = async (url: string) => (url.endsWith('.png') ? { data: image, contentType: 'image/png' } : { data: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' });
    await renderPacket(packet, read);
    const rounds = o.smoke ? 1 : 5;
    const packetTimes: number[] = [];
    const bareTimes: number[] = [];
    let pages = 0;
    for (let i = 0; i < rounds; i++) {
      const r = await seconds(() => renderPacket({ ...packet, generatedAt: new Date().toISOString() }, read));
      packetTimes.push(r.s * 1000);
      pages = (r.value.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
      bareTimes.push((await seconds(barePdf)).s * 1000);
    }
    const packetMs = median(packetTimes);
    const bareMs = median(bareTimes);
    o.log(`> packet: ${packetMs.toFixed(1)} ms (${pages} pages), bare pdfkit page ${bareMs.toFixed(1)} ms`);
    figures.push({ label: `packet of a full file (${pages} pages), median of ${rounds}`, value: Number(packetMs.toFixed(1)), unit: 'ms', baseline: { label: 'bare one-page pdfkit document', value: Number(bareMs.toFixed(1)) }, ratio: Number((packetMs / bareMs).toFixed(1)), target: '< 1000 ms', met: packetMs < 1000 });

    // 2. The CSV export.
    const db = await createTestDatabase('bench_exports');
    const pool = new Pool({ connectionString: db.url, max: 4, options: '-c search_path=credentialing,public', statement_timeout: 0 });
    pool.on('error', () => undefined);
    try {
      await migrateService(db.url, { ...credentialingStorage, schema: 'credentialing' });
      o.log(`> seeding ${fmt(rows)} files`);
      await pool.query(`INSERT INTO credentialing_profiles (id, first_name, last_name, npi, is_provider)
        SELECT md5('p' || i)::uuid, 'First' || i, CASE WHEN i % 100 = 0 THEN '=Last, "' || i || '"' ELSE 'Last' || i END, lpad(i::text, 10, '0'), true FROM generate_series(1, $1::int) i`, [rows]);
      await pool.query(`INSERT INTO credentialing_files (provider_id, cycle, status, open_items, next_expiry, recredentialing_due_on, last_change, state)
        SELECT md5('p' || i)::uuid, 1, (ARRAY['Application','Verification','Committee Review','Approved'])[1 + i % 4], i % 7, date '2027-01-01' + i % 700,
               CASE WHEN i % 4 = 3 THEN date '2029-01-01' + i % 900 END, timestamptz '2026-01-01' + i * interval '1 second', '{}'::jsonb
          FROM generate_series(1, $1::int) i`, [rows]);
      await pool.query('ANALYZE credentialing_files; ANALYZE credentialing_profiles');

      const access = { actor: () => ({ userId: 'bench', isMasterAdmin: true }), managedProviders: async () => [] } as unknown as FileAccess;
      const handler = new ExportFilesHandler(pool, access);
      const server = createServer((_req, res) => {
        void streamCsv(res, 'files.csv', (after) => handler.execute(new ExportFilesQuery({ filters: {}, sorting: {}, after, size: 1000 })));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const before = process.memoryUsage().rss / 1024 / 1024;
      const exported = await peakRss(() => seconds(() => download(url)));
      server.close();
      const rate = rows / exported.value.s;
      o.log(`> export: ${fmt(Math.round(rate))} rows/s (${exported.value.value.lines - 1} rows, ${fmt(exported.value.value.bytes)} bytes), peak RSS ${exported.mib.toFixed(0)} MiB (${before.toFixed(0)} before)`);

      const copied = await seconds(async () => {
        const client = await pool.connect();
        let bytes = 0;
        try {
          const stream = client.query(
            copyTo(`COPY (SELECT provider, npi, status, open_items, next_expiry, recredentialing_due_on, last_change, exclusion, monitoring FROM credentialing_file_list ORDER BY provider_id) TO STDOUT (FORMAT csv, HEADER)`),
          );
          await pipeline(stream, new Writable({ write: (c: Buffer, _e, cb) => ((bytes += c.length), cb()) }));
        } finally {
          client.release();
        }
        return bytes;
      });
      const copyRate = rows / copied.s;
      o.log(`> bare COPY: ${fmt(Math.round(copyRate))} rows/s (${fmt(copied.value)} bytes)`);
      figures.push({ label: `files grid CSV export, ${fmt(rows)} rows (keyset chunks of 1,000 -> streamCsv -> HTTP)`, value: Math.round(rate), unit: 'rows/s', baseline: { label: 'COPY ... TO STDOUT (FORMAT csv)', value: Math.round(copyRate) }, ratio: Number((rate / copyRate).toFixed(2)) });
      figures.push({ label: 'peak RSS during the export (service and gateway sides in one process)', value: Math.round(exported.mib), unit: 'MiB', baseline: { label: 'RSS before the export', value: Math.round(before) }, target: 'constant (not growing with the rows)', met: exported.mib - before < 200 });
      return { figures, details: { rows, packetPages: pages, packetRoundsMs: packetTimes, exportSeconds: exported.value.s, exportBytes: exported.value.value.bytes, exportLines: exported.value.value.lines } };
    } finally {
      await pool.end().catch(() => undefined);
      await db.drop().catch(() => undefined);
    }
  },
};
