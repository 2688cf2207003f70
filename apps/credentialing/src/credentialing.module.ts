import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DomainServiceModule } from '@app/nest-kit';
import { CredentialingRpcController } from './credentialing.rpc.controller';
import { DecideFileHandler } from './decide-file/decide-file.handler';
import { DeclareApplicationHandler } from './edit-application/declare-application.handler';
import { GetFileHandler } from './get-file/get-file.handler';
import { GetPacketHandler } from './file-packet/get-packet.handler';
import { ExportFilesHandler } from './export-files/export-files.handler';
import { ReportScope } from './reports/report-scope';
import { TurnaroundReportHandler } from './reports/turnaround-report.handler';
import { AuditSampleHandler } from './reports/audit-sample.handler';
import { InvitationTargetHandler } from './invite-provider/invitation-target.handler';
import { CredentialingWriter, OPEN_ITEM_OPTIONS } from './infrastructure/credentialing.writer';
import { FileAccess } from './infrastructure/file-access';
import { FileService } from './infrastructure/file.service';
import { ServiceClient } from './infrastructure/service.client';
import { credentialingIntegrationEvents } from './integration/credentialing-events';
import { PracticeMembershipsConsumer } from './learn-memberships/practice-memberships.consumer';
import { DirectoryProfilesConsumer } from './learn-profiles/directory-profiles.consumer';
import { ListFilesHandler } from './list-files/list-files.handler';
import { AddCredentialHandler } from './manage-credentials/add-credential.handler';
import { RemoveCredentialHandler } from './manage-credentials/remove-credential.handler';
import { UpdateCredentialHandler } from './manage-credentials/update-credential.handler';
import { FilesProjection } from './read-models/files.projection';
import { RecordVerificationHandler } from './record-verification/record-verification.handler';
import { RunChecksHandler } from './run-checks/run-checks.handler';
import { SignAttestationHandler } from './sign-attestation/sign-attestation.handler';
import { DirectoryNppesSource } from './sources/directory-nppes.source';
import { EXCLUSION_SOURCE, NPPES_SOURCE } from './sources/verification-sources';
import { LeieMirrorSource } from './sources/leie-mirror.source';
import { LicenceRosterSource } from './sources/roster/licence-roster.source';
import { MONITORING_CLOCK, systemClock } from './monitoring-alerts/clock';
import { MonitoringAlerts } from './monitoring-alerts/monitoring-alerts';
import { ExpirablesRun } from './monitor-expirables/expirables-run';
import { AttestationReminders } from './remind-attestation/attestation-reminders';
import { ItemsChase } from './chase-items/items-chase';
import { ChasingSettings } from './set-chasing/chasing-settings';
import { GetChasingHandler } from './set-chasing/get-chasing.handler';
import { SetChasingHandler } from './set-chasing/set-chasing.handler';
import { MonitoringScheduler } from './monitoring-schedule/monitoring-scheduler';
import { ExclusionMatches } from './resolve-match/exclusion-matches';
import { ListMatchesHandler } from './resolve-match/list-matches.handler';
import { ResolveMatchHandler } from './resolve-match/resolve-match.handler';
import { ResolveNppesHandler } from './resolve-nppes/resolve-nppes.handler';
import { DecideClearanceHandler } from './clear-exclusion/decide-clearance.handler';
import { RequestClearanceHandler } from './clear-exclusion/request-clearance.handler';
import { DocumentAccessHandler } from './document-access/document-access.handler';
import { DocumentsProjection } from './read-models/documents.projection';
import { ExclusionScreeningService } from './infrastructure/exclusion-screening.service';
import { MonitoringAccessHandler } from './search-exclusions/monitoring-access.handler';
import { SearchExclusionsHandler } from './search-exclusions/search-exclusions.handler';
import { ListSourcesHandler } from './list-sources/list-sources.handler';
import { RecordNpdbQueryHandler } from './record-npdb-query/record-npdb-query.handler';
import { StartFileHandler } from './start-file/start-file.handler';
import { credentialingStorage } from './storage';
import { SubmitFileHandler } from './submit-file/submit-file.handler';
import { GetLetterHandler } from './notify-provider/get-letter.handler';
import { ProviderNotices } from './notify-provider/provider-notices';
import { AddAppealDocumentHandler, RequestAppealHandler } from './request-appeal/request-appeal.handler';
import { AnswerCorrectionHandler, RequestCorrectionHandler } from './request-correction/request-correction.handler';
import { IdentityRolesConsumer } from './learn-committee-roles/identity-roles.consumer';
import { CommitteeAccess } from './infrastructure/committee-access';
import { CommitteeFiles } from './infrastructure/committee-files';
import { MeetingWriter } from './infrastructure/meeting.writer';
import { MeetingService } from './infrastructure/meeting.service';
import { CommitteeMeetingsProjection } from './read-models/committee-meetings.projection';
import { GetCommitteeRolesHandler } from './committee-roles/get-committee-roles.handler';
import { GetCommitteeQueueHandler } from './committee-queue/get-committee-queue.handler';
import { ApproveCleanFilesHandler } from './committee-clean-approval/approve-clean-files.handler';
import { ScheduleMeetingHandler } from './committee-meetings/schedule-meeting.handler';
import { RecordAttendanceHandler } from './committee-meetings/record-attendance.handler';
import { RecordOutcomeHandler } from './committee-meetings/record-outcome.handler';
import { GetMeetingHandler } from './committee-meetings/get-meeting.handler';
import { ListMeetingsHandler } from './committee-meetings/list-meetings.handler';
import { GenerateMinutesHandler } from './committee-minutes/generate-minutes.handler';
import { GetMinutesHandler } from './committee-minutes/get-minutes.handler';
import { ConditionsFollowUp } from './committee-follow-up/conditions-follow-up';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'credentialing',
      ...credentialingStorage,
      projections: [FilesProjection, DocumentsProjection, CommitteeMeetingsProjection],
      integrationEvents: credentialingIntegrationEvents,
    }),
    CqrsModule.forRoot(),
  ],
  controllers: [CredentialingRpcController],
  providers: [
    ServiceClient,
    FileAccess,
    CredentialingWriter,
    FileService,
    DirectoryProfilesConsumer,
    PracticeMembershipsConsumer,
    // Verification sources: one port each (live adapters bind here).
    { provide: NPPES_SOURCE, useClass: DirectoryNppesSource },
    { provide: EXCLUSION_SOURCE, useClass: LeieMirrorSource },
    // Monitoring: the screening against the LEIE mirror, the expirables, their alerts and clockwork.
    { provide: MONITORING_CLOCK, useValue: systemClock },
    MonitoringAlerts,
    ExclusionScreeningService,
    ExpirablesRun,
    AttestationReminders,
    ExclusionMatches,
    LicenceRosterSource,
    MonitoringScheduler,
    // The exclusion screening is a required verification once a source is bound.
    { provide: OPEN_ITEM_OPTIONS, useValue: { requireExclusionScreening: true } },
    // Queries
    GetFileHandler,
    ListFilesHandler,
    InvitationTargetHandler,
    SearchExclusionsHandler,
    ListSourcesHandler,
    MonitoringAccessHandler,
    ListMatchesHandler,
    DocumentAccessHandler,
    // Commands
    ResolveMatchHandler,
    RecordNpdbQueryHandler,
    ResolveNppesHandler,
    RequestClearanceHandler,
    DecideClearanceHandler,
    StartFileHandler,
    DeclareApplicationHandler,
    AddCredentialHandler,
    UpdateCredentialHandler,
    RemoveCredentialHandler,
    RecordVerificationHandler,
    RunChecksHandler,
    SignAttestationHandler,
    SubmitFileHandler,
    DecideFileHandler,
    // The provider is told: decision letters, notices, appeals, correction requests.
    ProviderNotices,
    GetLetterHandler,
    RequestAppealHandler,
    AddAppealDocumentHandler,
    RequestCorrectionHandler,
    AnswerCorrectionHandler,
    // The committee: roles learned from identity, the queue, clean approvals, meetings and minutes.
    IdentityRolesConsumer,
    CommitteeAccess,
    CommitteeFiles,
    MeetingWriter,
    MeetingService,
    GetCommitteeRolesHandler,
    GetCommitteeQueueHandler,
    ApproveCleanFilesHandler,
    ScheduleMeetingHandler,
    RecordAttendanceHandler,
    RecordOutcomeHandler,
    GetMeetingHandler,
    ListMeetingsHandler,
    GenerateMinutesHandler,
    GetMinutesHandler,
    ConditionsFollowUp,
    // Keeping the file current: re-attestation reminders, chasing missing items on each practice's cadence.
    ItemsChase,
    ChasingSettings,
    SetChasingHandler,
    GetChasingHandler,
    // The credentialing packet an auditor asks for.
    GetPacketHandler,
    // Grid exports (CSV through the gateway), a chunk at a time.
    ExportFilesHandler,
    // Reports: turnaround, the audit sample.
    ReportScope,
    TurnaroundReportHandler,
    AuditSampleHandler,
  ],
})
export class CredentialingModule {}
