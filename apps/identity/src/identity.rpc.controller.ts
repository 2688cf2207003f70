import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { identity, type RpcPayloadOf } from '@app/contracts';
import { DevelopmentOnly, Rpc } from '@app/nest-kit';
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
import { DevOutboxQuery } from './dev-outbox/dev-outbox.query';
import { EnsureMasterAdminCommand } from './ensure-master-admin/ensure-master-admin.command';
import { ResetPasswordCommand } from './password-reset/reset-password.command';
import { AcceptInvitationCommand } from './invite-account/accept-invitation.command';
import { SendInvitationCommand } from './invite-account/send-invitation.command';
import { SendTemporaryPasswordCommand } from './password-reset/send-temporary-password.command';
import { AccountExistsQuery } from './queries/account-exists.query';
import { SessionLiveQuery } from './queries/session-live.query';
import { ChangeUserNameCommand } from './register-account/change-user-name.command';
import { RegisterAccountCommand } from './register-account/register-account.command';
import { GrantAdminCommand } from './roles/grant-admin.command';
import { GrantAuditorCommand } from './roles/grant-auditor.command';
import { GrantCommitteeRoleCommand } from './roles/grant-committee-role.command';
import { AuditSecurityEventsQuery } from './security-log/audit-security-events.query';
import { OwnSecurityEventsQuery } from './security-log/own-security-events.query';
import { LogoutCommand } from './sessions/logout.command';
import { SignedInUserQuery } from './sessions/signed-in-user.query';
import { ResendSignInCodeCommand } from './sign-in/resend-sign-in-code.command';
import { SignInCommand } from './sign-in/sign-in.command';
import { VerifySignInCodeCommand } from './sign-in/verify-sign-in-code.command';

const R = identity.IDENTITY_RPC;

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
  ) {}

  // --- Internal calls (gateway boot, duplicate checks, token checks, tests) -------------------

  @Rpc(R.ensureMasterAdmin)
  ensureMasterAdmin(payload: identity.EnsureMasterAdminRequest) {
    return this.commandBus.execute(new EnsureMasterAdminCommand(payload));
  }

  @Rpc(R.exists)
  exists(payload: identity.ExistsRequest) {
    return this.queryBus.execute(new AccountExistsQuery(payload));
  }

  @Rpc(R.sessionLive)
  sessionLive(payload: identity.SessionLiveRequest) {
    return this.queryBus.execute(new SessionLiveQuery(payload));
  }

  @Rpc(R.registerAccount)
  registerAccount(payload: RpcPayloadOf<typeof R.registerAccount>) {
    return this.commandBus.execute(new RegisterAccountCommand(payload));
  }

  @Rpc(R.sendInvitation)
  sendInvitation(payload: identity.SendInvitationRequest) {
    return this.commandBus.execute(new SendInvitationCommand(payload));
  }

  @Rpc(R.acceptInvitation)
  acceptInvitation(payload: identity.AcceptInvitationRequest) {
    return this.commandBus.execute(new AcceptInvitationCommand(payload));
  }

  @Rpc(R.changeUserName)
  changeUserName(payload: identity.ChangeUserNameRequest) {
    return this.commandBus.execute(new ChangeUserNameCommand(payload));
  }

  // --- Sign-in, password reset, sessions -----------------------------------------------------

  @Rpc(R.signIn)
  signIn(payload: identity.SignInRequest) {
    return this.commandBus.execute(new SignInCommand(payload));
  }

  @Rpc(R.verifySignInCode)
  verifySignInCode(payload: identity.VerifySignInCodeRequest) {
    return this.commandBus.execute(new VerifySignInCodeCommand(payload));
  }

  @Rpc(R.resendSignInCode)
  resendSignInCode(payload: identity.ResendSignInCodeRequest) {
    return this.commandBus.execute(new ResendSignInCodeCommand(payload));
  }

  @Rpc(R.sendTempPassword)
  sendTempPassword(payload: identity.SendTempPasswordRequest) {
    return this.commandBus.execute(new SendTemporaryPasswordCommand(payload));
  }

  @Rpc(R.resetPassword)
  resetPassword(payload: identity.ResetPasswordRequest) {
    return this.commandBus.execute(new ResetPasswordCommand(payload));
  }

  @Rpc(R.logout)
  logout() {
    return this.commandBus.execute(new LogoutCommand());
  }

  @Rpc(R.signedInUser)
  signedInUser() {
    return this.queryBus.execute(new SignedInUserQuery());
  }

  // --- Account dialogs (the caller's own account) --------------------------------------------

  @Rpc(R.reauthenticate)
  reauthenticate(payload: identity.ReauthenticateRequest) {
    return this.commandBus.execute(new ReauthenticateCommand(payload));
  }

  @Rpc(R.sendEmailVerificationCode)
  sendEmailVerificationCode(payload: identity.SendEmailVerificationCodeRequest) {
    return this.commandBus.execute(new SendEmailVerificationCodeCommand(payload));
  }

  @Rpc(R.verifyEmailVerificationCode)
  verifyEmailVerificationCode(payload: identity.VerifyEmailVerificationCodeRequest) {
    return this.commandBus.execute(new VerifyEmailVerificationCodeCommand(payload));
  }

  @Rpc(R.sendPasswordVerificationCode)
  sendPasswordVerificationCode(payload: identity.SendPasswordVerificationCodeRequest) {
    return this.commandBus.execute(new SendPasswordVerificationCodeCommand(payload));
  }

  @Rpc(R.verifyPasswordVerificationCode)
  verifyPasswordVerificationCode(payload: identity.VerifyPasswordVerificationCodeRequest) {
    return this.commandBus.execute(new VerifyPasswordVerificationCodeCommand(payload));
  }

  @Rpc(R.sendMobileVerificationCode)
  sendMobileVerificationCode(payload: identity.SendMobileVerificationCodeRequest) {
    return this.commandBus.execute(new SendMobileVerificationCodeCommand(payload));
  }

  @Rpc(R.verifyMobileVerificationCode)
  verifyMobileVerificationCode(payload: identity.VerifyMobileVerificationCodeRequest) {
    return this.commandBus.execute(new VerifyMobileVerificationCodeCommand(payload));
  }

  // --- Security event log, roles ---------------------------------------------------------------

  @Rpc(R.securityEvents)
  securityEvents(payload: identity.OwnSecurityEventsRequest) {
    return this.queryBus.execute(new OwnSecurityEventsQuery(payload));
  }

  @Rpc(R.auditSecurityEvents)
  auditSecurityEvents(payload: identity.AuditSecurityEventsRequest) {
    return this.queryBus.execute(new AuditSecurityEventsQuery(payload));
  }

  @Rpc(R.grantAuditor)
  grantAuditor(payload: identity.GrantAuditorRequest) {
    return this.commandBus.execute(new GrantAuditorCommand(payload));
  }

  @Rpc(identity.COMMITTEE_ROLES_RPC.grantCommitteeRole)
  grantCommitteeRole(payload: identity.GrantCommitteeRoleRequest) {
    return this.commandBus.execute(new GrantCommitteeRoleCommand(payload));
  }

  @Rpc(R.grantAdmin)
  grantAdmin(payload: identity.GrantAdminRequest) {
    return this.commandBus.execute(new GrantAdminCommand(payload));
  }

  // --- Account requests ('Request an account'; decided by the master admin) ---------------------

  @Rpc(R.requestAccount)
  requestAccount(payload: identity.RequestAccountRequest) {
    return this.commandBus.execute(new RequestAccountCommand(payload));
  }

  @Rpc(R.accountRequest)
  accountRequest(payload: identity.AccountRequestIdRequest) {
    return this.queryBus.execute(new AccountRequestQuery(payload));
  }

  @Rpc(R.pendingAccountRequests)
  pendingAccountRequests() {
    return this.queryBus.execute(new PendingAccountRequestsQuery());
  }

  @Rpc(R.approveAccountRequest)
  approveAccountRequest(payload: identity.ApproveAccountRequestRequest) {
    return this.commandBus.execute(new ApproveAccountRequestCommand(payload));
  }

  @Rpc(R.declineAccountRequest)
  declineAccountRequest(payload: identity.AccountRequestIdRequest) {
    return this.commandBus.execute(new DeclineAccountRequestCommand(payload));
  }

  // --- Development ---------------------------------------------------------------------------

  @Rpc(R.devOutbox)
  // In production the call does not exist, whatever its payload: 404 before any 400.
  @UseGuards(DevelopmentOnly)
  devOutbox(payload: identity.DevOutboxRequest) {
    return this.queryBus.execute(new DevOutboxQuery(payload));
  }
}
