import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { credentialing, type GridExportRequest, type GridQuery } from '@app/contracts';
import { Rpc } from '@app/nest-kit';
import { DecideFileCommand } from './decide-file/decide-file.command';
import { DeclareApplicationCommand } from './edit-application/declare-application.command';
import { GetFileQuery } from './get-file/get-file.query';
import { ListFilesQuery } from './list-files/list-files.query';
import { AddCredentialCommand } from './manage-credentials/add-credential.command';
import { RemoveCredentialCommand } from './manage-credentials/remove-credential.command';
import { UpdateCredentialCommand } from './manage-credentials/update-credential.command';
import { RecordVerificationCommand } from './record-verification/record-verification.command';
import { RunChecksCommand } from './run-checks/run-checks.command';
import { SignAttestationCommand } from './sign-attestation/sign-attestation.command';
import { StartFileCommand } from './start-file/start-file.command';
import { SubmitFileCommand } from './submit-file/submit-file.command';
import { InvitationTargetQuery } from './invite-provider/invitation-target.query';
import { ListMatchesQuery } from './resolve-match/list-matches.query';
import { ResolveMatchCommand } from './resolve-match/resolve-match.command';
import { ResolveNppesCommand } from './resolve-nppes/resolve-nppes.command';
import { DecideClearanceCommand } from './clear-exclusion/decide-clearance.command';
import { RequestClearanceCommand } from './clear-exclusion/request-clearance.command';
import { DocumentAccessQuery } from './document-access/document-access.query';
import { MonitoringAccessQuery } from './search-exclusions/monitoring-access.query';
import { SearchExclusionsQuery } from './search-exclusions/search-exclusions.query';
import { ListSourcesQuery } from './list-sources/list-sources.query';
import { RecordNpdbQueryCommand } from './record-npdb-query/record-npdb-query.command';
import { GetLetterQuery } from './notify-provider/get-letter.query';
import { SetChasingCommand } from './set-chasing/set-chasing.command';
import { GetChasingQuery } from './set-chasing/get-chasing.query';
import { GetPacketQuery } from './file-packet/get-packet.query';
import { ExportFilesQuery } from './export-files/export-files.query';
import { TurnaroundReportQuery } from './reports/turnaround-report.query';
import { AuditSampleQuery } from './reports/audit-sample.query';
import { AddAppealDocumentCommand, RequestAppealCommand } from './request-appeal/request-appeal.command';
import { AnswerCorrectionCommand, RequestCorrectionCommand } from './request-correction/request-correction.command';
import { GetCommitteeRolesQuery } from './committee-roles/get-committee-roles.query';
import { GetCommitteeQueueQuery } from './committee-queue/get-committee-queue.query';
import { ApproveCleanFilesCommand } from './committee-clean-approval/approve-clean-files.command';
import { ScheduleMeetingCommand } from './committee-meetings/schedule-meeting.command';
import { RecordAttendanceCommand } from './committee-meetings/record-attendance.command';
import { RecordOutcomeCommand } from './committee-meetings/record-outcome.command';
import { GetMeetingQuery } from './committee-meetings/get-meeting.query';
import { ListMeetingsQuery } from './committee-meetings/list-meetings.query';
import { GenerateMinutesCommand } from './committee-minutes/generate-minutes.command';
import { GetMinutesQuery } from './committee-minutes/get-minutes.query';

const RPC = credentialing.CREDENTIALING_RPC;
const MON = credentialing.MONITORING_RPC;
const NPPES = credentialing.NPPES_RESOLUTION_RPC;
const NOTICE = credentialing.NOTICE_RPC;
const COMMITTEE = credentialing.COMMITTEE_RPC;
type In<K extends keyof typeof COMMITTEE> = z.output<(typeof COMMITTEE)[K]['request']>;
const KEEP = credentialing.KEEP_CURRENT_RPC;
const PACKET = credentialing.PACKET_RPC;
const EXPORT = credentialing.CREDENTIALING_EXPORT_RPC;

/**
 * The service's NATS entry point: each subject parses its payload with the contract and
 * dispatches a command or query; the acting user comes signed in the request context.
 */
@Controller()
export class CredentialingRpcController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Rpc(RPC.startFile)
  startFile(p: z.output<typeof credentialing.StartFilePayload>) {
    return this.commandBus.execute(new StartFileCommand(p));
  }

  @Rpc(RPC.getFile)
  getFile(p: z.output<typeof credentialing.ProviderIdRequest>) {
    return this.queryBus.execute(new GetFileQuery(p));
  }

  @Rpc(RPC.listFiles)
  listFiles(p: GridQuery) {
    return this.queryBus.execute(new ListFilesQuery(p));
  }

  @Rpc(RPC.declareApplication)
  declareApplication(p: z.output<typeof credentialing.ApplicationPayload>) {
    return this.commandBus.execute(new DeclareApplicationCommand(p));
  }

  @Rpc(RPC.addCredential)
  addCredential(p: z.output<typeof credentialing.AddCredentialPayload>) {
    return this.commandBus.execute(new AddCredentialCommand(p));
  }

  @Rpc(RPC.updateCredential)
  updateCredential(p: z.output<typeof credentialing.UpdateCredentialPayload>) {
    return this.commandBus.execute(new UpdateCredentialCommand(p));
  }

  @Rpc(RPC.removeCredential)
  removeCredential(p: z.output<typeof credentialing.RemoveCredentialPayload>) {
    return this.commandBus.execute(new RemoveCredentialCommand(p));
  }

  @Rpc(RPC.recordVerification)
  recordVerification(p: z.output<typeof credentialing.RecordVerificationPayload>) {
    return this.commandBus.execute(new RecordVerificationCommand(p));
  }

  @Rpc(RPC.runChecks)
  runChecks(p: z.output<typeof credentialing.ProviderIdRequest>) {
    return this.commandBus.execute(new RunChecksCommand(p));
  }

  @Rpc(RPC.signAttestation)
  signAttestation(p: z.output<typeof credentialing.AttestationPayload>) {
    return this.commandBus.execute(new SignAttestationCommand(p));
  }

  @Rpc(RPC.submitFile)
  submitFile(p: z.output<typeof credentialing.StartFilePayload>) {
    return this.commandBus.execute(new SubmitFileCommand(p));
  }

  @Rpc(RPC.decideFile)
  decideFile(p: z.output<typeof credentialing.DecisionPayload>) {
    return this.commandBus.execute(new DecideFileCommand(p));
  }

  @Rpc(NPPES.resolveNppesDiscrepancy)
  resolveNppesDiscrepancy(p: credentialing.NppesResolutionPayload) {
    return this.commandBus.execute(new ResolveNppesCommand(p));
  }

  /** Whom the caller may invite, and where the email goes (the gateway asks before identity sends the link). */
  @Rpc(RPC.invitationTarget)
  invitationTarget(p: z.output<typeof credentialing.ProviderIdRequest>) {
    return this.queryBus.execute(new InvitationTargetQuery(p));
  }

  /** The OIG LEIE mirror's search (staff only). */
  @Rpc(MON.searchExclusions)
  searchExclusions(p: z.output<typeof credentialing.ExclusionSearchRequest>) {
    return this.queryBus.execute(new SearchExclusionsQuery(p));
  }

  /** An NPDB query's result with its report (staff and the master admin). */
  @Rpc(credentialing.NPDB_RPC.recordNpdbQuery)
  recordNpdbQuery(p: z.output<typeof credentialing.NpdbQueryPayload>) {
    return this.commandBus.execute(new RecordNpdbQueryCommand(p));
  }

  /** Every sanction and exclusion list with its last import (staff only). */
  @Rpc(credentialing.SOURCE_LIST_RPC.listSources)
  listSources() {
    return this.queryBus.execute(new ListSourcesQuery());
  }

  /** What the caller may do in monitoring (the web's menu entry for the search). */
  @Rpc(MON.monitoringAccess)
  monitoringAccess() {
    return this.queryBus.execute(new MonitoringAccessQuery());
  }

  @Rpc(MON.listMatches)
  listMatches(p: z.output<typeof credentialing.ProviderIdRequest>) {
    return this.queryBus.execute(new ListMatchesQuery(p));
  }

  @Rpc(MON.resolveMatch)
  resolveMatch(p: z.output<typeof credentialing.ResolveMatchPayload>) {
    return this.commandBus.execute(new ResolveMatchCommand(p));
  }

  @Rpc(NOTICE.requestAppeal)
  requestAppeal(p: z.output<typeof credentialing.AppealPayload>) {
    return this.commandBus.execute(new RequestAppealCommand(p));
  }

  @Rpc(NOTICE.addAppealDocument)
  addAppealDocument(p: z.output<typeof credentialing.AppealDocumentPayload>) {
    return this.commandBus.execute(new AddAppealDocumentCommand(p));
  }

  @Rpc(NOTICE.requestCorrection)
  requestCorrection(p: z.output<typeof credentialing.CorrectionPayload>) {
    return this.commandBus.execute(new RequestCorrectionCommand(p));
  }

  @Rpc(NOTICE.answerCorrection)
  answerCorrection(p: z.output<typeof credentialing.AnswerCorrectionPayload>) {
    return this.commandBus.execute(new AnswerCorrectionCommand(p));
  }

  @Rpc(NOTICE.getLetter)
  getLetter(p: z.output<typeof credentialing.LetterRequest>) {
    return this.queryBus.execute(new GetLetterQuery(p));
  }

  @Rpc(MON.requestClearance)
  requestClearance(p: z.output<typeof credentialing.RequestClearancePayload>) {
    return this.commandBus.execute(new RequestClearanceCommand(p));
  }

  @Rpc(MON.decideClearance)
  decideClearance(p: z.output<typeof credentialing.DecideClearancePayload>) {
    return this.commandBus.execute(new DecideClearanceCommand(p));
  }

  /** Whether the signed actor may see an uploaded document a file holds (the gateway's files route asks). */
  @Rpc(MON.documentAccess)
  documentAccess(p: z.output<typeof credentialing.DocumentAccessRequest>) {
    return this.queryBus.execute(new DocumentAccessQuery(p));
  }

  // --- The committee: roles, queue, the Medical Director's clean approvals, meetings, minutes.

  @Rpc(COMMITTEE.committeeRoles)
  committeeRoles() {
    return this.queryBus.execute(new GetCommitteeRolesQuery({}));
  }

  @Rpc(COMMITTEE.committeeQueue)
  committeeQueue() {
    return this.queryBus.execute(new GetCommitteeQueueQuery({}));
  }

  @Rpc(COMMITTEE.approveCleanFiles)
  approveCleanFiles(p: In<'approveCleanFiles'>) {
    return this.commandBus.execute(new ApproveCleanFilesCommand(p));
  }

  @Rpc(COMMITTEE.scheduleMeeting)
  scheduleMeeting(p: In<'scheduleMeeting'>) {
    return this.commandBus.execute(new ScheduleMeetingCommand(p));
  }

  @Rpc(COMMITTEE.listMeetings)
  listMeetings(p: In<'listMeetings'>) {
    return this.queryBus.execute(new ListMeetingsQuery(p));
  }

  @Rpc(COMMITTEE.getMeeting)
  getMeeting(p: In<'getMeeting'>) {
    return this.queryBus.execute(new GetMeetingQuery(p));
  }

  @Rpc(COMMITTEE.recordAttendance)
  recordAttendance(p: In<'recordAttendance'>) {
    return this.commandBus.execute(new RecordAttendanceCommand(p));
  }

  @Rpc(COMMITTEE.recordOutcome)
  recordOutcome(p: In<'recordOutcome'>) {
    return this.commandBus.execute(new RecordOutcomeCommand(p));
  }

  @Rpc(COMMITTEE.generateMinutes)
  generateMinutes(p: In<'generateMinutes'>) {
    return this.commandBus.execute(new GenerateMinutesCommand(p));
  }

  @Rpc(COMMITTEE.getMinutes)
  getMinutes(p: In<'getMinutes'>) {
    return this.queryBus.execute(new GetMinutesQuery(p));
  }

  @Rpc(KEEP.setChasing)
  setChasing(p: z.output<typeof credentialing.ChasingSettingsPayload>) {
    return this.commandBus.execute(new SetChasingCommand(p));
  }

  @Rpc(KEEP.getChasing)
  getChasing(p: z.output<typeof credentialing.ChasingSettingsRequest>) {
    return this.queryBus.execute(new GetChasingQuery(p));
  }

  /** What the credentialing packet holds (the gateway renders the PDF). */
  @Rpc(PACKET.filePacket)
  filePacket(p: z.output<typeof credentialing.ProviderIdRequest>) {
    return this.queryBus.execute(new GetPacketQuery(p));
  }

  /** A chunk of the files grid's export (the gateway streams it as CSV). */
  @Rpc(EXPORT.exportFiles)
  exportFiles(p: GridExportRequest) {
    return this.queryBus.execute(new ExportFilesQuery(p));
  }

  /** The turnaround report (master admin, credentialing staff). */
  @Rpc(credentialing.REPORTS_RPC.turnaroundReport)
  turnaroundReport(p: z.output<typeof credentialing.TurnaroundRequest>) {
    return this.queryBus.execute(new TurnaroundReportQuery(p));
  }

  /** The NCQA file audit's sample and checklists (master admin, credentialing staff). */
  @Rpc(credentialing.AUDIT_RPC.auditSample)
  auditSample(p: z.output<typeof credentialing.AuditSampleRequest>) {
    return this.queryBus.execute(new AuditSampleQuery(p));
  }
}
