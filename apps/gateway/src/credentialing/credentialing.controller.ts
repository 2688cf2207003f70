import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GridQueryRequest, credentialing, identity, practices } from '@app/contracts';
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
 * Credentialing: the provider's file, its credentials, primary-source verifications
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
  @ApiOperation({ summary: "The provider's current file: status, cycle, credentials, verifications, attestation, open items, decision, recredentialingDueOn; one's own file is `file: null` until started (another provider's: 404)" })
  @ApiReply(R.getFile)
  getFile(@Param('providerId') providerId: string): Promise<credentialing.GetFileReply> {
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

  /** Sends the credential's fields, with an uploaded document (optional `file`) added to its documents. */
  private withCredential(req: RequestWithUpload, body: unknown, send: (credential: credentialing.CredentialInput) => FileReply): FileReply {
    const input = parseFields(credentialing.CredentialInput, bodyOf(body));
    return this.uploads.withDocument(req.uploadedFile, (doc) => send(doc ? { ...input, documents: [...input.documents, doc.fileUrl] } : input));
  }

  @Post('files/:providerId/credentials')
  @HttpCode(200)
  @Upload({ field: 'file', maxBytes: EVIDENCE_MAX_BYTES, types: EVIDENCE_TYPES, optional: true })
  @MultilineFields('gapExplanation')
  @ApiOperation({ summary: 'Adds a credential: kind (stateLicense, dea, boardCertification, malpractice, education, workHistory), its fields, dates yyyy-mm-dd; optional file (PDF/image)' })
  @ApiReply(R.addCredential)
  async addCredential(@Param('providerId') providerId: string, @Req() req: RequestWithUpload, @Body() body: unknown): FileReply {
    const id = providerParam(providerId);
    return this.withCredential(req, body, (credential) => this.rpc.call(R.addCredential, { providerId: id, credential }));
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
    return this.withCredential(req, body, (credential) => this.rpc.call(R.updateCredential, { ...ids, credential }));
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
    return this.uploads.withDocument(req.uploadedFile, (doc) => this.rpc.call(R.recordVerification, { ...input, credentialId: id, evidence: { kind: 'document', ...doc! } }));
  }

  @Post('files/:providerId/npdb-queries')
  @HttpCode(200)
  @Upload({ field: 'evidence', maxBytes: EVIDENCE_MAX_BYTES, types: EVIDENCE_TYPES })
  @MultilineFields('note')
  @ApiOperation({ summary: 'An NPDB query of the provider (manual): result (No reports, Reports found), queriedOn, enrollmentEndsOn (Continuous Query, optional), note, evidence (the report: PDF/image, required)' })
  @ApiReply(credentialing.NPDB_RPC.recordNpdbQuery)
  async recordNpdbQuery(@Param('providerId') providerId: string, @Req() req: RequestWithUpload, @Body() body: unknown): FileReply {
    const id = providerParam(providerId);
    const input = parseFields(credentialing.NpdbQueryInput, bodyOf(body));
    const stored = await this.uploads.storeDocument(req.uploadedFile!);
    const evidence = { kind: 'document' as const, fileUrl: stored.fileUrl, fileName: stored.originalFileName.slice(0, 255) };
    return this.rpc.call(credentialing.NPDB_RPC.recordNpdbQuery, { ...input, providerId: id, evidence });
  }

  @Post('files/:providerId/checks')
  @HttpCode(200)
  @ApiOperation({ summary: "Runs the automatic checks now: the NPPES check against the directory's registry mirror (NPI active, names, state licences)" })
  @ApiReply(R.runChecks)
  runChecks(@Param('providerId') providerId: string): FileReply {
    return this.rpc.call(R.runChecks, { providerId: providerParam(providerId) });
  }

  @Post('files/:providerId/nppes-resolution')
  @HttpCode(200)
  @Upload({ field: 'evidence', maxBytes: EVIDENCE_MAX_BYTES, types: EVIDENCE_TYPES, optional: true })
  @MultilineFields('note')
  @ApiOperation({
    summary:
      "Staff resolve the NPPES check's discrepancy: note (required), evidence (PDF/image; required for a name); each licence the registry does not list needs the state board's current Verified verification (409 otherwise)",
  })
  @ApiReply(credentialing.NPPES_RESOLUTION_RPC.resolveNppesDiscrepancy)
  async resolveNppes(@Param('providerId') providerId: string, @Req() req: RequestWithUpload, @Body() body: unknown): FileReply {
    const id = providerParam(providerId);
    const { note } = parseFields(credentialing.NppesResolutionInput, bodyOf(body));
    return this.uploads.withDocument(req.uploadedFile, (doc) =>
      this.rpc.call(credentialing.NPPES_RESOLUTION_RPC.resolveNppesDiscrepancy, { providerId: id, note, evidence: doc ? { kind: 'document', ...doc } : null }),
    );
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
  @ApiOperation({ summary: 'Master admin: the committee decision (a file in Committee Review or Appeal) { decision: Approved | Denied, note, reasons: denial reason codes, required for a denial }; approval sets recredentialingDueOn = decision + 36 months; the decision letter is stored in the file' })
  @ApiReply(R.decideFile)
  decision(@Param('providerId') providerId: string, @Body() body: unknown): FileReply {
    const b = parseFields(credentialing.DecisionRequest, bodyOf(body));
    return this.rpc.call(R.decideFile, { providerId: providerParam(providerId), ...b });
  }

  @Post('invitations')
  @HttpCode(200)
  @ApiOperation({
    summary:
      `Invites a provider ({ providerId }) to complete their credentialing application for the practice that asks, by email; the provider's staff or the master admin. ` +
      `A provider without a password of their own gets a one-time link (${credentialing.INVITATION_DAYS} days, single use) that sets it and lands on their application (invitation: set-password); ` +
      `one with a password is asked to sign in, and nothing about their account changes (invitation: sign-in)`,
  })
  async invite(@Body() body: unknown): Promise<credentialing.InvitationReply> {
    const { providerId } = parseFields(credentialing.ProviderIdRequest, bodyOf(body));
    const target = await this.rpc.call(R.invitationTarget, { providerId });
    const organization = await this.practiceName(target.practiceIds);
    const sent = await this.rpc.call(identity.IDENTITY_RPC.sendInvitation, {
      accountId: target.providerId,
      landing: credentialing.INVITATION_LANDING,
      ...(organization ? { organization } : {}),
    });
    return { success: true, sentTo: sent.sentTo, invitation: sent.invitation, expiresAt: sent.expiresAt };
  }

  /** The name of the (first) practice that asks, for the email; none when the practices service cannot say now. */
  private async practiceName(practiceIds: string[]): Promise<string | null> {
    if (!practiceIds.length) return null;
    try {
      const found = await this.rpc.call(practices.PRACTICES_RPC.userPractices, { practiceIds: practiceIds.join(',') });
      const names = practiceIds.map((id) => found.practices.find((p) => p._id === id)?.practiceName).filter((n): n is string => !!n);
      return names[0]?.slice(0, 200) ?? null;
    } catch {
      return null;
    }
  }
}
