import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { credentialing } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { MultilineFields, type RequestWithUpload } from '../http/input.interceptor';
import { ApiQueryFields, ApiReply, ERROR_BODY } from '../identity/openapi';
import { bodyOf } from '../identity/responses';
import { RpcClient } from '../rpc/rpc-client.service';
import { Upload } from '../uploads/upload.decorator';
import { UploadsService } from '../uploads/uploads.service';
import { EVIDENCE_MAX_BYTES, EVIDENCE_TYPES } from './credentialing.controller';

const M = credentialing.MONITORING_RPC;

/**
 * Continuous monitoring: the OIG exclusion list (LEIE) mirror's search for staff, a
 * file's exclusion matches, and a person's resolution of a possible match with a note and
 * evidence. Input is checked here (400 naming the field); the credentialing service decides who
 * may (403): the master admin and a practice's Credentialers, Practice Managers and Practice Owners.
 */
@ApiTags('credentialing')
@ApiBearerAuth()
@ApiResponse({ status: 400, description: 'A bad searchTerm, providerId, matchId, resolution, note or evidence', schema: ERROR_BODY })
@ApiResponse({ status: 401, description: 'Not signed in', schema: ERROR_BODY })
@ApiResponse({ status: 403, description: 'Not the master admin or credentialing staff of the provider', schema: ERROR_BODY })
@Controller('api/v1')
export class MonitoringController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: UploadsService,
  ) {}

  @Get('exclusions/search')
  @ApiOperation({ summary: "Every sanction and exclusion list at once (or one: source): an NPI, 'Last, First' or a (business) name → { exclusions (at most 50, each naming its source), count, mirror }; staff only" })
  @ApiReply(M.searchExclusions)
  @ApiQueryFields(credentialing.ExclusionSearchRequest)
  search(@Query() query: unknown): Promise<credentialing.ExclusionSearchReply> {
    return this.rpc.call(M.searchExclusions, parseFields(credentialing.ExclusionSearchRequest, query));
  }

  @Get('exclusions/sources')
  @ApiOperation({ summary: 'Every sanction and exclusion list (OIG LEIE, SAM.gov, Medicare opt-outs, OFAC SDN, state Medicaid lists) → { sources: [{ source, name, file, importedAt, rows, sample }] }; staff only' })
  @ApiReply(credentialing.SOURCE_LIST_RPC.listSources)
  sources(): Promise<credentialing.SourceListsReply> {
    return this.rpc.call(credentialing.SOURCE_LIST_RPC.listSources, {});
  }

  @Get('exclusions/access')
  @ApiOperation({ summary: 'What the caller may do in monitoring → { searchExclusions } (the master admin and credentialing staff may search the exclusion list)' })
  @ApiReply(M.monitoringAccess)
  access(): Promise<credentialing.MonitoringAccessReply> {
    return this.rpc.call(M.monitoringAccess, {});
  }

  @Get('credentialing/files/:providerId/exclusion-matches')
  @ApiOperation({ summary: "The file's exclusion matches: kind (Excluded, Possible match), status (Open, Confirmed, Not the same person, Cleared, Cleared with evidence), the matched row, the resolution, an NPI match's clearance" })
  @ApiReply(M.listMatches)
  matches(@Param('providerId') providerId: string): Promise<credentialing.ExclusionMatchesReply> {
    return this.rpc.call(M.listMatches, parseFields(credentialing.ProviderIdRequest, { providerId }));
  }

  @Post('credentialing/files/:providerId/exclusion-matches/:matchId/resolve')
  @HttpCode(200)
  @Upload({ field: 'evidence', maxBytes: EVIDENCE_MAX_BYTES, types: EVIDENCE_TYPES })
  @MultilineFields('note')
  @ApiOperation({
    summary:
      'Resolves a possible (name) exclusion match: resolution (Confirmed, Not the same person), note, evidence (PDF/image, required); recorded in the file as a manual OIG LEIE verification. An NPI match is not resolved here (staff 403, master admin 409: clearance)',
  })
  @ApiReply(M.resolveMatch)
  async resolve(@Param('providerId') providerId: string, @Param('matchId') matchId: string, @Req() req: RequestWithUpload, @Body() body: unknown): Promise<credentialing.ExclusionMatchesReply> {
    const ids = parseFields(credentialing.ProviderIdRequest.extend({ matchId: credentialing.matchIdField }), { providerId, matchId });
    const input = parseFields(credentialing.ResolveMatchInput, bodyOf(body));
    return this.uploads.withDocument(req.uploadedFile, (doc) => this.rpc.call(M.resolveMatch, { ...ids, ...input, evidence: { kind: 'document', ...doc! } }));
  }

  @Post('credentialing/files/:providerId/exclusion-matches/:matchId/clearance')
  @HttpCode(200)
  @Upload({ field: 'evidence', maxBytes: EVIDENCE_MAX_BYTES, types: EVIDENCE_TYPES })
  @MultilineFields('note')
  @ApiOperation({
    summary:
      'Master admin: asks to clear an NPI (Excluded) match: reason (OIG reinstatement, Corrected listing), note, evidence (PDF/image, required); the match stands until a second person confirms',
  })
  @ApiResponse({ status: 409, description: 'A possible match, a match no longer standing, or a clearance already pending', schema: ERROR_BODY })
  @ApiReply(M.requestClearance)
  async requestClearance(
    @Param('providerId') providerId: string,
    @Param('matchId') matchId: string,
    @Req() req: RequestWithUpload,
    @Body() body: unknown,
  ): Promise<credentialing.ExclusionMatchesReply> {
    const ids = parseFields(credentialing.ProviderIdRequest.extend({ matchId: credentialing.matchIdField }), { providerId, matchId });
    const input = parseFields(credentialing.RequestClearanceInput, bodyOf(body));
    return this.uploads.withDocument(req.uploadedFile, (doc) => this.rpc.call(M.requestClearance, { ...ids, ...input, evidence: { kind: 'document', ...doc! } }));
  }

  @Post('credentialing/files/:providerId/exclusion-matches/:matchId/clearance/decision')
  @HttpCode(200)
  @MultilineFields('note')
  @ApiOperation({
    summary:
      "A second person (another master admin or the file's credentialing staff, never the one who asked) decides a pending clearance: decision (Confirm, Reject), note (required to reject); a confirmation clears the match",
  })
  @ApiResponse({ status: 409, description: 'No clearance pending, or the one who asked tries to confirm it', schema: ERROR_BODY })
  @ApiReply(M.decideClearance)
  decideClearance(@Param('providerId') providerId: string, @Param('matchId') matchId: string, @Body() body: unknown): Promise<credentialing.ExclusionMatchesReply> {
    const ids = parseFields(credentialing.ProviderIdRequest.extend({ matchId: credentialing.matchIdField }), { providerId, matchId });
    const input = parseFields(credentialing.DecideClearanceInput, bodyOf(body));
    return this.rpc.call(M.decideClearance, { ...ids, ...input });
  }
}
