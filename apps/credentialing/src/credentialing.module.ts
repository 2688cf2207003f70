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
import { MONITORING_CLOCK, systemClock } from './monitoring-alerts/clock';
import { MonitoringAlerts } from './monitoring-alerts/monitoring-alerts';
import { ExpirablesRun } from './monitor-expirables/expirables-run';
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
import { StartFileHandler } from './start-file/start-file.handler';
import { credentialingStorage } from './storage';
import { SubmitFileHandler } from './submit-file/submit-file.handler';
import { GetLetterHandler } from './notify-provider/get-letter.handler';
import { ProviderNotices } from './notify-provider/provider-notices';
import { AddAppealDocumentHandler, RequestAppealHandler } from './request-appeal/request-appeal.handler';
import { AnswerCorrectionHandler, RequestCorrectionHandler } from './request-correction/request-correction.handler';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'credentialing',
      ...credentialingStorage,
      projections: [FilesProjection, DocumentsProjection],
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
    // Monitoring (issue #21): the screening against the LEIE mirror, the expirables, their alerts and clockwork.
    { provide: MONITORING_CLOCK, useValue: systemClock },
    MonitoringAlerts,
    ExclusionScreeningService,
    ExpirablesRun,
    ExclusionMatches,
    MonitoringScheduler,
    // The exclusion screening is a required verification once a source is bound (issue #21).
    { provide: OPEN_ITEM_OPTIONS, useValue: { requireExclusionScreening: true } },
    // Queries
    GetFileHandler,
    ListFilesHandler,
    InvitationTargetHandler,
    SearchExclusionsHandler,
    MonitoringAccessHandler,
    ListMatchesHandler,
    DocumentAccessHandler,
    // Commands
    ResolveMatchHandler,
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
