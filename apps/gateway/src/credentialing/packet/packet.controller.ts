import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { credentialing } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { RpcClient } from '../../rpc/rpc-client.service';
import { FILE_STORAGE, type FileStorage } from '../../uploads/file-storage';
import { renderPacket, type EvidenceReader } from './packet.pdf';
import { sendPdf } from '../pdf-response';

const P = credentialing.PACKET_RPC;

/** Reads a stored document the file names (`/api/files/<name>`), for the packet to embed its image. */
export function evidenceReader(storage: FileStorage): EvidenceReader {
  return async (fileUrl) => {
    const name = /^\/api\/files\/([A-Za-z0-9._-]+)$/.exec(fileUrl)?.[1];
    const stored = name ? await storage.open(name) : undefined;
    if (!stored) return undefined;
    const chunks: Buffer[] = [];
    for await (const c of stored.stream) chunks.push(c as Buffer);
    return { data: Buffer.concat(chunks), contentType: stored.contentType };
  };
}

/**
 * The credentialing packet an auditor asks for: the file's current cycle as one PDF, for those who
 * may see the file (the credentialing service decides: 403 for others, 404 without a file).
 */
@ApiTags('credentialing')
@ApiBearerAuth()
@Controller('api/v1/credentialing')
export class PacketController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Get('files/:providerId/packet')
  @ApiProduces('application/pdf')
  @ApiOperation({
    summary:
      "The credentialing packet (PDF) of the file's current cycle: identity, credentials, verifications with verifier and evidence, attestation, flags, decision with reasons, letters, history; the evidence images appended",
  })
  async packet(@Param('providerId') providerId: string, @Res() res: Response): Promise<void> {
    const ids = parseFields(credentialing.ProviderIdRequest, { providerId });
    const packet = await this.rpc.call(P.filePacket, ids);
    const pdf = await renderPacket(packet, evidenceReader(this.storage));
    sendPdf(res, `credentialing-packet-${ids.providerId}-cycle-${packet.file.cycle}.pdf`, pdf);
  }
}
