import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GridQueryRequest, credentialing, identity } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { MultilineFields, type RequestWithUpload } from '../http/input.interceptor';
import { bodyOf } from '../identity/responses';
import { ApiReply } from '../identity/openapi';
import { RpcClient } from '../rpc/rpc-client.service';
import { Upload } from '../uploads/upload.decorator';
import { UploadsService } from '../uploads/uploads.service';

const R = credentialing.CREDENTIALING_RPC;
type FileReply = Promise<credentialing.FileReply>;

/** Documents and evidence: PDFs and images, checked on their bytes (and virus-scanned where clamd runs). */
export const EVIDENCE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const EVIDENCE_MAX_BYTES = 20 * 1024 * 1024;

const providerParam = (providerId: string) => parseFields(credentialing.ProviderIdRequest, { providerId }).providerId;
const credentialParam = (credentialId: string) => parseFields(credentialing.CredentialIdRequest.pick({ credentialId: true }), { credentialId }).credentialId;

/**
 * Credentialing (issue #20): the provider's file, its credentials, primary-source verifications
 * with evidence, the attestation, submission and the committee's decision. Input is checked here
 * (400 naming the field); the credentialing service decides who may do what (403) from the
 * signed actor: the provider their own application and attestation, a practice's Credentialers,
 * Practice Managers and Practice Owners the files of its providers, the master admin everything.
 */
@ApiTags('credentialing')
@ApiBearerAuth()
@Controller('api/v1/credentialing')
export class CredentialingController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: UploadsService,
  ) {}

  @Put('files')
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts a credentialing cycle for a provider profile ({ providerId }); 409 while one is open' })
  @ApiReply(R.startFile)
  startFile(@Body() body: unknown): FileReply {
    return this.rpc.call(R.startFile, parseFields(credentialing.StartFilePayload, bodyOf(body)));
  }

  @Get('files/:providerId')
  @ApiOperation({ summary: "The provider's current file: status, cycle, credentials, verifications, attestation, open items, decision, recredentialingDueOn" })
  @ApiReply(R.getFile)
  getFile(@Param('providerId') providerId: string): FileReply {
    return this.rpc.call(R.getFile, { providerId: providerParam(providerId) });
  }

  @Post('getFiles')
  @HttpCode(200)
  @ApiOperation({ summary: 'The files grid (skip, limit, filters, sorting: provider, npi, status, openItems, nextExpiry, recredentialingDueOn, lastChange) → { files, count }' })
  @ApiReply(R.listFiles)
  getFiles(@Body() body: unknown): Promise<credentialing.ListFilesReply> {
    return this.rpc.call(R.listFiles, parseFields(GridQueryRequest, bodyOf(body)));
  }

  @Post('files/:providerId/application')
  @HttpCode(200)
  @ApiOperation({ summary: 'The application questions: { hasDea, hasBoardCertification } (what the file then requires)' })
  @ApiReply(R.declareApplication)
  application(@Param('providerId') providerId: string, @Body() body: unknown): FileReply {
    const b = parseFields(credentialing.ApplicationRequest, bodyOf(body));
    return this.rpc.call(R.declareApplication, { providerId: providerParam(providerId), ...b });
  }

  /** The credential's fields, with an uploaded document (optional `file`) added to its documents. */
  private async credential(req: RequestWithUpload, body: unknown): Promise<credentialing.CredentialInput> {
    const input = parseFields(credentialing.CredentialInput, bodyOf(body));
    if (!req.uploadedFile) return input;
    const stored = await this.uploads.storeDocument(req.uploadedFile);
    return { ...input, documents: [...input.documents, stored.fileUrl] };
  }

  @Post('files/:providerId/credentials')
  @HttpCode(200)
  @Upload({ field: 'file', maxBytes: EVIDENCE_MAX_BYTES, types: EVIDENCE_TYPES, optional: true })
  @MultilineFields('gapExplanation')
  @ApiOperation({ summary: 'Adds a credential: kind (stateLicense, dea, boardCertification, malpractice, education, workHistory), its fields, dates yyyy-mm-dd; optional file (PDF/image)' })
  @ApiReply(R.addCredential)
  async addCredential(@Param('providerId') providerId: string, @Req() req: RequestWithUpload, @Body() body: unknown): FileReply {
    const id = providerParam(providerId);
    return this.rpc.call(R.addCredential, { providerId: id, credential: await this.credential(req, body) });
  }

  @Put('files/:providerId/credentials/:credentialId')
  @HttpCode(200)
  @Upload({ field: 'file', maxBytes: EVIDENCE_MAX_BYTES, types: EVIDENCE_TYPES, optional: true })
  @MultilineFields('gapExplanation')
  @ApiOperation({ summary: "Replaces a credential's fields (same kind); its verifications must then be redone" })
  @ApiReply(R.updateCredential)
  async updateCredential(
    @Param('providerId') providerId: string,
    @Param('credentialId') credentialId: string,
    @Req() req: RequestWithUpload,
    @Body() body: unknown,
  ): FileReply {
    const ids = { providerId: providerParam(providerId), credentialId: credentialParam(credentialId) };
    return this.rpc.call(R.updateCredential, { ...ids, credential: await this.credential(req, body) });
  }

  @Delete('files/:providerId/credentials/:credentialId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Removes a credential from the current file' })
  @ApiReply(R.removeCredential)
  removeCredential(@Param('providerId') providerId: string, @Param('credentialId') credentialId: string): FileReply {
    return this.rpc.call(R.removeCredential, { providerId: providerParam(providerId), credentialId: credentialParam(credentialId) });
  }

  @Post('credentials/:credentialId/verifications')
  @HttpCode(200)
  @Upload({ field: 'evidence', maxBytes: EVIDENCE_MAX_BYTES, types: EVIDENCE_TYPES })
  @MultilineFields('note')
  @ApiOperation({ summary: 'A manual primary-source verification: source, result (Verified, Discrepancy, Not found), verifiedOn yyyy-mm-dd, note, evidence (PDF/image, required)' })
  @ApiReply(R.recordVerification)
  async recordVerification(@Param('credentialId') credentialId: string, @Req() req: RequestWithUpload, @Body() body: unknown): FileReply {
    const id = credentialParam(credentialId);
    const input = parseFields(credentialing.ManualVerificationInput, bodyOf(body));
    const stored = await this.uploads.storeDocument(req.uploadedFile!);
    const evidence = { kind: 'document' as const, fileUrl: stored.fileUrl, fileName: stored.originalFileName.slice(0, 255) };
    return this.rpc.call(R.recordVerification, { ...input, credentialId: id, evidence });
  }

  @Post('files/:providerId/checks')
  @HttpCode(200)
  @ApiOperation({ summary: "Runs the automatic checks now: the NPPES check against the directory's registry mirror (NPI active, names, state licences)" })
  @ApiReply(R.runChecks)
  runChecks(@Param('providerId') providerId: string): FileReply {
    return this.rpc.call(R.runChecks, { providerId: providerParam(providerId) });
  }

  @Post('files/:providerId/attestation')
  @HttpCode(200)
  @MultilineFields('explanation')
  @ApiOperation({ summary: 'The provider signs the attestation: the five answers (true/false), explanation when needed, signature (typed name), signedOn yyyy-mm-dd' })
  @ApiReply(R.signAttestation)
  attestation(@Param('providerId') providerId: string, @Body() body: unknown): FileReply {
    const attestation = parseFields(credentialing.AttestationInput, bodyOf(body));
    return this.rpc.call(R.signAttestation, { providerId: providerParam(providerId), attestation });
  }

  @Post('files/:providerId/submit')
  @HttpCode(200)
  @ApiOperation({ summary: 'Submits the file to the committee; 409 naming the open items while any remains' })
  @ApiReply(R.submitFile)
  submit(@Param('providerId') providerId: string): FileReply {
    return this.rpc.call(R.submitFile, { providerId: providerParam(providerId) });
  }

  @Post('files/:providerId/decision')
  @HttpCode(200)
  @MultilineFields('note')
  @ApiOperation({ summary: 'Master admin: the committee decision { decision: Approved | Denied, note }; approval sets recredentialingDueOn = decision + 36 months' })
  @ApiReply(R.decideFile)
  decision(@Param('providerId') providerId: string, @Body() body: unknown): FileReply {
    const b = parseFields(credentialing.DecisionRequest, bodyOf(body));
    return this.rpc.call(R.decideFile, { providerId: providerParam(providerId), ...b });
  }

  @Post('invitations')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Invites a provider ({ providerId }) by email: a one-time link (7 days, single use) to set a password, landing on their credentialing application; the provider's staff or the master admin",
  })
  async invite(@Body() body: unknown): Promise<credentialing.InvitationReply> {
    const { providerId } = parseFields(credentialing.ProviderIdRequest, bodyOf(body));
    const target = await this.rpc.call(R.invitationTarget, { providerId });
    const sent = await this.rpc.call(identity.IDENTITY_RPC.sendInvitation, { accountId: target.providerId, landing: credentialing.INVITATION_LANDING });
    return { success: true, sentTo: sent.sentTo, expiresAt: sent.expiresAt };
  }
}
