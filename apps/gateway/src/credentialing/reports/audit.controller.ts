import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { credentialing } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { ApiReply } from '../../identity/openapi';
import { RpcClient } from '../../rpc/rpc-client.service';
import { FILE_STORAGE, type FileStorage } from '../../uploads/file-storage';
import { drained, streamCsv } from '../../grid-export/csv';
import { evidenceReader } from '../packet/packet.controller';
import { renderPacket } from '../packet/packet.pdf';
import { StoredZip } from './stored-zip';

const A = credentialing.AUDIT_RPC;
const P = credentialing.PACKET_RPC;

/**
 * The NCQA file audit: a random sample of the files decided in a period with the CR 3 checklist of
 * each (the same seed draws the same sample), its CSV, and one ZIP of the sample's packets (PDF).
 * For the master admin and credentialing staff (their practices' files); 403 for others.
 */
@ApiTags('credentialing')
@ApiBearerAuth()
@Controller('api/v1/credentialing/audit')
export class AuditController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Get('sample')
  @ApiOperation({ summary: 'A random sample (size, default 30; seed to draw it again) of the files decided from..to, each with its CR 3 checklist: verified, days before the decision (120; attestation 365), by whom' })
  @ApiReply(A.auditSample)
  sample(@Query() query: unknown): Promise<credentialing.AuditSampleReply> {
    return this.rpc.call(A.auditSample, parseFields(credentialing.AuditSampleRequest, query ?? {}));
  }

  @Get('sample/export')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'The audit sample as CSV: one line per file and element (from, to, size, seed as for the sample)' })
  async sampleCsv(@Query() query: unknown, @Res() res: Response): Promise<void> {
    const request = parseFields(credentialing.AuditSampleRequest, query ?? {});
    await streamCsv(res, `audit-sample-${request.from}-${request.to}.csv`, async () => {
      const sample = await this.rpc.call(A.auditSample, request);
      return {
        columns: ['Provider', 'Provider id', 'Cycle', 'Decision', 'Decided on', 'Element', 'Verified', 'Verified on', 'Source', 'By', 'Days before decision', 'Within window', 'Carried over', 'File complete', 'Seed'],
        rows: sample.files.flatMap((f) =>
          f.elements.map((e) => [f.provider, f.providerId, f.cycle, f.decision, f.decidedOn, e.element, e.verified, e.verifiedOn, e.source, e.by, e.daysBeforeDecision, e.withinWindow, e.carriedOver, f.complete, sample.seed]),
        ),
        next: null,
      };
    });
  }

  @Get('sample/packets')
  @ApiProduces('application/zip')
  @ApiOperation({ summary: "The audit sample's packets as one ZIP (one PDF per file; from, to, size, seed as for the sample)" })
  async packets(@Query() query: unknown, @Res() res: Response): Promise<void> {
    const request = parseFields(credentialing.AuditSampleRequest, query ?? {});
    const sample = await this.rpc.call(A.auditSample, request);
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="audit-packets-${request.from}-${request.to}.zip"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Audit-Seed', sample.seed);
    const zip = new StoredZip();
    const write = async (bytes: Buffer) => {
      if (!res.write(bytes)) await drained(res);
    };
    try {
      const read = evidenceReader(this.storage);
      for (const f of sample.files) {
        const pdf = await renderPacket(await this.rpc.call(P.filePacket, { providerId: f.providerId }), read);
        await write(zip.entry(`${(f.provider ?? 'provider').replace(/[^A-Za-z0-9._-]+/g, '_')}-${f.providerId}-cycle-${f.cycle}.pdf`, pdf));
        if (res.destroyed) return;
      }
      res.end(zip.end());
    } catch (error) {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
