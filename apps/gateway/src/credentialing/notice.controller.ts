import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { credentialing } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { MultilineFields, type RequestWithUpload } from '../http/input.interceptor';
import { bodyOf } from '../identity/responses';
import { ApiReply } from '../identity/openapi';
import { RpcClient } from '../rpc/rpc-client.service';
import { Upload } from '../uploads/upload.decorator';
import { UploadsService } from '../uploads/uploads.service';
import { EVIDENCE_MAX_BYTES, EVIDENCE_TYPES } from './credentialing.controller';
import { sendPdf } from './packet/packet.controller';

const N = credentialing.NOTICE_RPC;
type FileReply = Promise<credentialing.FileReply>;

const providerParam = (providerId: string) => parseFields(credentialing.ProviderIdRequest, { providerId }).providerId;

/**
 * The provider is told (NCQA CR 1, CR 6): the decision letters (PDF) of the file, the provider's
 * appeal of a denial within 30 days (a statement and documents), and the provider's correction
 * requests that staff answer. Input is checked here (400 naming the field); the credentialing
 * service decides who may (403) and when (409).
 */
@ApiTags('credentialing')
@ApiBearerAuth()
@Controller('api/v1/credentialing')
export class NoticeController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: UploadsService,
  ) {}

  /** The uploaded document of the request, stored like every evidence (none when not sent). */
  private async document(req: RequestWithUpload): Promise<{ fileUrl: string; fileName: string } | null> {
    if (!req.uploadedFile) return null;
    const stored = await this.uploads.storeDocument(req.uploadedFile);
    return { fileUrl: stored.fileUrl, fileName: stored.originalFileName.slice(0, 255) };
  }

  @Post('files/:providerId/appeal')
  @HttpCode(200)
  @MultilineFields('statement')
  @Upload({ field: 'file', maxBytes: EVIDENCE_MAX_BYTES, types: EVIDENCE_TYPES, optional: true })
  @ApiOperation({ summary: "The provider appeals the file's denial within 30 days of it: { statement } and an optional document (`file`, PDF/image); 409 naming the deadline after it" })
  @ApiReply(N.requestAppeal)
  async appeal(@Param('providerId') providerId: string, @Req() req: RequestWithUpload, @Body() body: unknown): FileReply {
    const id = providerParam(providerId);
    const { statement } = parseFields(credentialing.AppealRequestInput, bodyOf(body));
    const document = await this.document(req);
    return this.rpc.call(N.requestAppeal, { providerId: id, statement, documents: document ? [document] : [] });
  }

  @Post('files/:providerId/appeal/documents')
  @HttpCode(200)
  @Upload({ field: 'file', maxBytes: EVIDENCE_MAX_BYTES, types: EVIDENCE_TYPES })
  @ApiOperation({ summary: 'The provider adds a document (`file`, PDF/image) to their appeal while the committee has not decided it' })
  @ApiReply(N.addAppealDocument)
  async appealDocument(@Param('providerId') providerId: string, @Req() req: RequestWithUpload): FileReply {
    const id = providerParam(providerId);
    const document = (await this.document(req))!;
    return this.rpc.call(N.addAppealDocument, { providerId: id, document });
  }

  @Post('files/:providerId/corrections')
  @HttpCode(200)
  @MultilineFields('note')
  @ApiOperation({ summary: 'The provider asks for the correction of an item: { subject: file | application | attestation | credential:<id> | verification:<id>, note }' })
  @ApiReply(N.requestCorrection)
  correction(@Param('providerId') providerId: string, @Body() body: unknown): FileReply {
    const id = providerParam(providerId);
    return this.rpc.call(N.requestCorrection, { providerId: id, ...parseFields(credentialing.CorrectionRequestInput, bodyOf(body)) });
  }

  @Post('files/:providerId/corrections/:correctionId/answer')
  @HttpCode(200)
  @MultilineFields('answer')
  @ApiOperation({ summary: "Staff or the master admin answer a correction request ({ answer }), which closes it; 409 when already answered" })
  @ApiReply(N.answerCorrection)
  answer(@Param('providerId') providerId: string, @Param('correctionId') correctionId: string, @Body() body: unknown): FileReply {
    const ids = parseFields(credentialing.AnswerCorrectionPayload.pick({ providerId: true, correctionId: true }), { providerId, correctionId });
    return this.rpc.call(N.answerCorrection, { ...ids, ...parseFields(credentialing.CorrectionAnswerInput, bodyOf(body)) });
  }

  @Get('files/:providerId/letters/:letterId')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: 'A decision letter (PDF) of the file, for the provider, their staff and the master admin' })
  async letter(@Param('providerId') providerId: string, @Param('letterId') letterId: string, @Res() res: Response): Promise<void> {
    const ids = parseFields(credentialing.LetterRequest, { providerId, letterId });
    const letter = await this.rpc.call(N.getLetter, ids);
    sendPdf(res, letter.fileName, Buffer.from(letter.contentBase64, 'base64'));
  }
}
