import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Payload } from '@nestjs/microservices';
import { GridQueryRequest, credentialing } from '@app/contracts';
import { Rpc, parsePayload } from '@app/nest-kit';
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
import { MonitoringAccessQuery } from './search-exclusions/monitoring-access.query';
import { SearchExclusionsQuery } from './search-exclusions/search-exclusions.query';

const RPC = credentialing.CREDENTIALING_RPC;
const MON = credentialing.MONITORING_RPC;
type FileReply = Promise<credentialing.FileReply>;

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

  @Rpc('credentialing', 'cmd', RPC.startFile)
  startFile(@Payload() p: unknown): FileReply {
    return this.commandBus.execute(new StartFileCommand(parsePayload(credentialing.StartFilePayload, p)));
  }

  @Rpc('credentialing', 'qry', RPC.getFile)
  getFile(@Payload() p: unknown): FileReply {
    return this.queryBus.execute(new GetFileQuery(parsePayload(credentialing.ProviderIdRequest, p)));
  }

  @Rpc('credentialing', 'qry', RPC.listFiles)
  listFiles(@Payload() p: unknown): Promise<credentialing.ListFilesReply> {
    return this.queryBus.execute(new ListFilesQuery(parsePayload(GridQueryRequest, p)));
  }

  @Rpc('credentialing', 'cmd', RPC.declareApplication)
  declareApplication(@Payload() p: unknown): FileReply {
    return this.commandBus.execute(new DeclareApplicationCommand(parsePayload(credentialing.ApplicationPayload, p)));
  }

  @Rpc('credentialing', 'cmd', RPC.addCredential)
  addCredential(@Payload() p: unknown): FileReply {
    return this.commandBus.execute(new AddCredentialCommand(parsePayload(credentialing.AddCredentialPayload, p)));
  }

  @Rpc('credentialing', 'cmd', RPC.updateCredential)
  updateCredential(@Payload() p: unknown): FileReply {
    return this.commandBus.execute(new UpdateCredentialCommand(parsePayload(credentialing.UpdateCredentialPayload, p)));
  }

  @Rpc('credentialing', 'cmd', RPC.removeCredential)
  removeCredential(@Payload() p: unknown): FileReply {
    return this.commandBus.execute(new RemoveCredentialCommand(parsePayload(credentialing.RemoveCredentialPayload, p)));
  }

  @Rpc('credentialing', 'cmd', RPC.recordVerification)
  recordVerification(@Payload() p: unknown): FileReply {
    return this.commandBus.execute(new RecordVerificationCommand(parsePayload(credentialing.RecordVerificationPayload, p)));
  }

  @Rpc('credentialing', 'cmd', RPC.runChecks)
  runChecks(@Payload() p: unknown): FileReply {
    return this.commandBus.execute(new RunChecksCommand(parsePayload(credentialing.ProviderIdRequest, p)));
  }

  @Rpc('credentialing', 'cmd', RPC.signAttestation)
  signAttestation(@Payload() p: unknown): FileReply {
    return this.commandBus.execute(new SignAttestationCommand(parsePayload(credentialing.AttestationPayload, p)));
  }

  @Rpc('credentialing', 'cmd', RPC.submitFile)
  submitFile(@Payload() p: unknown): FileReply {
    return this.commandBus.execute(new SubmitFileCommand(parsePayload(credentialing.StartFilePayload, p)));
  }

  @Rpc('credentialing', 'cmd', RPC.decideFile)
  decideFile(@Payload() p: unknown): FileReply {
    return this.commandBus.execute(new DecideFileCommand(parsePayload(credentialing.DecisionPayload, p)));
  }

  /** Whom the caller may invite, and where the email goes (the gateway asks before identity sends the link). */
  @Rpc('credentialing', 'qry', RPC.invitationTarget)
  invitationTarget(@Payload() p: unknown): Promise<credentialing.InvitationTargetReply> {
    return this.queryBus.execute(new InvitationTargetQuery(parsePayload(credentialing.ProviderIdRequest, p)));
  }

  /** The OIG LEIE mirror's search (staff only). */
  @Rpc('credentialing', 'qry', MON.searchExclusions)
  searchExclusions(@Payload() p: unknown): Promise<credentialing.ExclusionSearchReply> {
    return this.queryBus.execute(new SearchExclusionsQuery(parsePayload(credentialing.ExclusionSearchRequest, p)));
  }

  /** What the caller may do in monitoring (the web's menu entry for the search). */
  @Rpc('credentialing', 'qry', MON.access)
  monitoringAccess(): Promise<credentialing.MonitoringAccessReply> {
    return this.queryBus.execute(new MonitoringAccessQuery());
  }

  @Rpc('credentialing', 'qry', MON.listMatches)
  listMatches(@Payload() p: unknown): Promise<credentialing.ExclusionMatchesReply> {
    return this.queryBus.execute(new ListMatchesQuery(parsePayload(credentialing.ProviderIdRequest, p)));
  }

  @Rpc('credentialing', 'cmd', MON.resolveMatch)
  resolveMatch(@Payload() p: unknown): Promise<credentialing.ExclusionMatchesReply> {
    return this.commandBus.execute(new ResolveMatchCommand(parsePayload(credentialing.ResolveMatchPayload, p)));
  }
}
