import { Controller, Inject } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Payload } from '@nestjs/microservices';
import { identity } from '@app/contracts';
import { NotFound, Rpc, parseFields, parsePayload } from '@app/nest-kit';
import { ApproveAccountRequestCommand } from './approve-account-request/approve-account-request.command';
import { DeclineAccountRequestCommand } from './decline-account-request/decline-account-request.command';
import { RequestAccountCommand } from './request-account/request-account.command';
import { AccountRequestQuery } from './review-account-requests/account-request.query';
import { PendingAccountRequestsQuery } from './review-account-requests/pending-account-requests.query';
import { ReauthenticateCommand } from './account-changes/reauthenticate.command';
import { SendEmailVerificationCodeCommand } from './account-changes/send-email-verification-code.command';
import { SendMobileVerificationCodeCommand } from './account-changes/send-mobile-verification-code.command';
import { SendPasswordVerificationCodeCommand } from './account-changes/send-password-verification-code.command';
import { VerifyEmailVerificationCodeCommand } from './account-changes/verify-email-verification-code.command';
import { VerifyMobileVerificationCodeCommand } from './account-changes/verify-mobile-verification-code.command';
import { VerifyPasswordVerificationCodeCommand } from './account-changes/verify-password-verification-code.command';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';
import { DevOutboxQuery } from './dev-outbox/dev-outbox.query';
import { EnsureMasterAdminCommand } from './ensure-master-admin/ensure-master-admin.command';
import { ResetPasswordCommand } from './password-reset/reset-password.command';
import { SendInvitationCommand } from './invite-account/send-invitation.command';
import { SendTemporaryPasswordCommand } from './password-reset/send-temporary-password.command';
import { AccountExistsQuery } from './queries/account-exists.query';
import { SessionLiveQuery } from './queries/session-live.query';
import { ChangeUserNameCommand } from './register-account/change-user-name.command';
import { RegisterAccountCommand } from './register-account/register-account.command';
import { GrantAdminCommand } from './roles/grant-admin.command';
import { GrantAuditorCommand } from './roles/grant-auditor.command';
import { AuditSecurityEventsQuery } from './security-log/audit-security-events.query';
import { OwnSecurityEventsQuery } from './security-log/own-security-events.query';
import { LogoutCommand } from './sessions/logout.command';
import { SignedInUserQuery } from './sessions/signed-in-user.query';
import { ResendSignInCodeCommand } from './sign-in/resend-sign-in-code.command';
import { SignInCommand } from './sign-in/sign-in.command';
import { VerifySignInCodeCommand } from './sign-in/verify-sign-in-code.command';

/**
 * The service's NATS entry point: each request/reply subject parses its payload with the
 * contract and dispatches a command or query; the handlers beside each use case do the work.
 * The request context (correlation id, actor, request meta) stays in AsyncLocalStorage for the
 * whole call, so handlers read the acting session with requireActor().
 */
@Controller()
export class IdentityRpcController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  // --- Internal calls (gateway boot, duplicate checks, token checks, tests) -------------------

  @Rpc('identity', 'cmd', 'ensureMasterAdmin')
  async ensureMasterAdmin(@Payload() payload: unknown): Promise<identity.EnsureMasterAdminReply> {
    return this.commandBus.execute(new EnsureMasterAdminCommand(parsePayload(identity.EnsureMasterAdminRequest, payload)));
  }

  @Rpc('identity', 'qry', 'exists')
  async exists(@Payload() payload: unknown): Promise<identity.ExistsReply> {
    return this.queryBus.execute(new AccountExistsQuery(parsePayload(identity.ExistsRequest, payload)));
  }

  @Rpc('identity', 'qry', 'sessionLive')
  async sessionLive(@Payload() payload: unknown): Promise<identity.SessionLiveReply> {
    return this.queryBus.execute(new SessionLiveQuery(parsePayload(identity.SessionLiveRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'registerAccount')
  async registerAccount(@Payload() payload: unknown): Promise<identity.RegisterAccountReply> {
    return this.commandBus.execute(new RegisterAccountCommand(parseFields(identity.RegisterAccountRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'sendInvitation')
  async sendInvitation(@Payload() payload: unknown): Promise<identity.SendInvitationReply> {
    return this.commandBus.execute(new SendInvitationCommand(parseFields(identity.SendInvitationRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'changeUserName')
  async changeUserName(@Payload() payload: unknown): Promise<identity.ChangeUserNameReply> {
    return this.commandBus.execute(new ChangeUserNameCommand(parseFields(identity.ChangeUserNameRequest, payload)));
  }

  // --- Sign-in, password reset, sessions -----------------------------------------------------

  @Rpc('identity', 'cmd', 'signIn')
  async signIn(@Payload() payload: unknown): Promise<identity.SignInReply> {
    return this.commandBus.execute(new SignInCommand(parseFields(identity.SignInRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'verifySignInCode')
  async verifySignInCode(@Payload() payload: unknown): Promise<identity.SessionOpenedReply> {
    return this.commandBus.execute(new VerifySignInCodeCommand(parseFields(identity.VerifySignInCodeRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'resendSignInCode')
  async resendSignInCode(@Payload() payload: unknown): Promise<identity.ResendSignInCodeReply> {
    return this.commandBus.execute(new ResendSignInCodeCommand(parseFields(identity.ResendSignInCodeRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'sendTempPassword')
  async sendTempPassword(@Payload() payload: unknown): Promise<identity.SendTempPasswordReply> {
    return this.commandBus.execute(new SendTemporaryPasswordCommand(parseFields(identity.SendTempPasswordRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'resetPassword')
  async resetPassword(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    return this.commandBus.execute(new ResetPasswordCommand(parseFields(identity.ResetPasswordRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'logout')
  async logout(): Promise<identity.SuccessReply> {
    return this.commandBus.execute(new LogoutCommand());
  }

  @Rpc('identity', 'qry', 'signedInUser')
  async signedInUser(): Promise<identity.SignedInUser> {
    return this.queryBus.execute(new SignedInUserQuery());
  }

  // --- Account dialogs (the caller's own account) --------------------------------------------

  @Rpc('identity', 'cmd', 'reauthenticate')
  async reauthenticate(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    return this.commandBus.execute(new ReauthenticateCommand(parseFields(identity.ReauthenticateRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'sendEmailVerificationCode')
  async sendEmailVerificationCode(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    return this.commandBus.execute(new SendEmailVerificationCodeCommand(parseFields(identity.SendEmailVerificationCodeRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'verifyEmailVerificationCode')
  async verifyEmailVerificationCode(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    return this.commandBus.execute(new VerifyEmailVerificationCodeCommand(parseFields(identity.VerifyEmailVerificationCodeRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'sendPasswordVerificationCode')
  async sendPasswordVerificationCode(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    return this.commandBus.execute(new SendPasswordVerificationCodeCommand(parseFields(identity.SendPasswordVerificationCodeRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'verifyPasswordVerificationCode')
  async verifyPasswordVerificationCode(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    return this.commandBus.execute(new VerifyPasswordVerificationCodeCommand(parseFields(identity.VerifyPasswordVerificationCodeRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'sendMobileVerificationCode')
  async sendMobileVerificationCode(@Payload() payload: unknown): Promise<identity.SendMobileVerificationCodeReply> {
    return this.commandBus.execute(new SendMobileVerificationCodeCommand(parseFields(identity.SendMobileVerificationCodeRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'verifyMobileVerificationCode')
  async verifyMobileVerificationCode(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    return this.commandBus.execute(new VerifyMobileVerificationCodeCommand(parseFields(identity.VerifyMobileVerificationCodeRequest, payload)));
  }

  // --- Security event log, roles ---------------------------------------------------------------

  @Rpc('identity', 'qry', 'securityEvents')
  async securityEvents(@Payload() payload: unknown): Promise<identity.SecurityEventsReply> {
    return this.queryBus.execute(new OwnSecurityEventsQuery(parseFields(identity.OwnSecurityEventsRequest, payload)));
  }

  @Rpc('identity', 'qry', 'auditSecurityEvents')
  async auditSecurityEvents(@Payload() payload: unknown): Promise<identity.AuditSecurityEventsReply> {
    return this.queryBus.execute(new AuditSecurityEventsQuery(parseFields(identity.AuditSecurityEventsRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'grantAuditor')
  async grantAuditor(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    return this.commandBus.execute(new GrantAuditorCommand(parseFields(identity.GrantAuditorRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'grantAdmin')
  async grantAdmin(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    return this.commandBus.execute(new GrantAdminCommand(parseFields(identity.GrantAdminRequest, payload)));
  }

  // --- Account requests ('Request an account'; decided by the master admin) ---------------------

  @Rpc('identity', 'cmd', 'requestAccount')
  async requestAccount(@Payload() payload: unknown): Promise<identity.RequestAccountReply> {
    return this.commandBus.execute(new RequestAccountCommand(parseFields(identity.RequestAccountRequest, payload)));
  }

  @Rpc('identity', 'qry', 'accountRequest')
  async accountRequest(@Payload() payload: unknown): Promise<identity.AccountRequestReply> {
    return this.queryBus.execute(new AccountRequestQuery(parseFields(identity.AccountRequestIdRequest, payload)));
  }

  @Rpc('identity', 'qry', 'pendingAccountRequests')
  async pendingAccountRequests(): Promise<identity.PendingAccountRequestsReply> {
    return this.queryBus.execute(new PendingAccountRequestsQuery());
  }

  @Rpc('identity', 'cmd', 'approveAccountRequest')
  async approveAccountRequest(@Payload() payload: unknown): Promise<identity.ApproveAccountRequestReply> {
    return this.commandBus.execute(new ApproveAccountRequestCommand(parseFields(identity.ApproveAccountRequestRequest, payload)));
  }

  @Rpc('identity', 'cmd', 'declineAccountRequest')
  async declineAccountRequest(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    return this.commandBus.execute(new DeclineAccountRequestCommand(parseFields(identity.AccountRequestIdRequest, payload)));
  }

  // --- Development ---------------------------------------------------------------------------

  @Rpc('identity', 'qry', 'devOutbox')
  async devOutbox(@Payload() payload: unknown): Promise<identity.DevOutboxMessage[]> {
    // In production the call does not exist, whatever its payload: 404 before any 400.
    if (this.config.NODE_ENV === 'production') throw new NotFound();
    return this.queryBus.execute(new DevOutboxQuery(parseFields(identity.DevOutboxRequest, payload)));
  }
}
