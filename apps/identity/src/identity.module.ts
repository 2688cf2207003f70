import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DomainServiceModule } from '@app/nest-kit';
import { ReauthenticateHandler } from './account-changes/reauthenticate.handler';
import { SendEmailVerificationCodeHandler } from './account-changes/send-email-verification-code.handler';
import { SendMobileVerificationCodeHandler } from './account-changes/send-mobile-verification-code.handler';
import { SendPasswordVerificationCodeHandler } from './account-changes/send-password-verification-code.handler';
import { VerificationCodes } from './account-changes/verification-codes';
import { VerifyEmailVerificationCodeHandler } from './account-changes/verify-email-verification-code.handler';
import { VerifyMobileVerificationCodeHandler } from './account-changes/verify-mobile-verification-code.handler';
import { VerifyPasswordVerificationCodeHandler } from './account-changes/verify-password-verification-code.handler';
import { AccountRequestReads } from './account-requests/account-request.reads';
import { AccountRequestWriter } from './account-requests/account-request.writer';
import { AccountLookup } from './accounts/account-lookup';
import { ApproveAccountRequestHandler } from './approve-account-request/approve-account-request.handler';
import { AccountRepository } from './accounts/account.repository';
import { IDENTITY_CONFIG, loadIdentityConfig } from './config';
import { AccountWriter } from './credentials/account-writer';
import { OneTimeSecrets } from './credentials/one-time-secrets';
import { Deliveries } from './delivery/deliveries';
import { deliveryProviders } from './delivery/delivery.providers';
import { DeclineAccountRequestHandler } from './decline-account-request/decline-account-request.handler';
import { DevOutboxHandler } from './dev-outbox/dev-outbox.handler';
import { CredentialingDecisionsConsumer } from './react-to-credentialing/credentialing-decisions.consumer';
import { EnsureMasterAdminHandler } from './ensure-master-admin/ensure-master-admin.handler';
import { Housekeeping } from './housekeeping';
import { IdentityRpcController } from './identity.rpc.controller';
import { identityIntegrationEvents } from './integration-events';
import { ResetPasswordHandler } from './password-reset/reset-password.handler';
import { SendTemporaryPasswordHandler } from './password-reset/send-temporary-password.handler';
import { AcceptInvitationHandler } from './invite-account/accept-invitation.handler';
import { SendInvitationHandler } from './invite-account/send-invitation.handler';
import { AccountExistsHandler } from './queries/account-exists.handler';
import { SessionLiveHandler } from './queries/session-live.handler';
import { AccountRequestsProjection } from './read-models/account-requests.projection';
import { AccountsProjection } from './read-models/accounts.projection';
import { RequestAccountHandler } from './request-account/request-account.handler';
import { AccountRequestHandler } from './review-account-requests/account-request.handler';
import { PendingAccountRequestsHandler } from './review-account-requests/pending-account-requests.handler';
import { ChangeUserNameHandler } from './register-account/change-user-name.handler';
import { RegisterAccountHandler } from './register-account/register-account.handler';
import { GrantAdminHandler } from './roles/grant-admin.handler';
import { GrantAuditorHandler } from './roles/grant-auditor.handler';
import { GrantCommitteeRoleHandler } from './roles/grant-committee-role.handler';
import { RoleGrant } from './roles/role-grant';
import { AnchorScheduler } from './security-log/anchor-scheduler';
import { AuditSecurityEventsHandler } from './security-log/audit-security-events.handler';
import { OwnSecurityEventsHandler } from './security-log/own-security-events.handler';
import { SecurityLogProjection } from './security-log/security-log.projection';
import { LogoutHandler } from './sessions/logout.handler';
import { SessionRevocations } from './sessions/session-revocations';
import { SessionsProjection } from './sessions/sessions.projection';
import { SignedInUserHandler } from './sessions/signed-in-user.handler';
import { ResendSignInCodeHandler } from './sign-in/resend-sign-in-code.handler';
import { IdentifierHasher } from './sign-in/identifier-hasher';
import { SignInFailures } from './sign-in/sign-in-failures';
import { SignInHandler } from './sign-in/sign-in.handler';
import { VerifySignInCodeHandler } from './sign-in/verify-sign-in-code.handler';
import { identityStorage } from './storage';
import { RateLimiter } from './throttling/rate-limiter';
import { ThrottleLog } from './throttling/throttle-log';
import { Throttles } from './throttling/throttles';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'identity',
      ...identityStorage,
      projections: [AccountsProjection, SessionsProjection, SecurityLogProjection, AccountRequestsProjection],
      integrationEvents: identityIntegrationEvents,
    }),
    CqrsModule.forRoot(),
  ],
  controllers: [IdentityRpcController],
  providers: [
    // Validated at boot: a bad variable stops the service with a message naming it.
    { provide: IDENTITY_CONFIG, useFactory: () => loadIdentityConfig() },
    AccountWriter,
    AccountRepository,
    AccountLookup,
    OneTimeSecrets,
    RateLimiter,
    ThrottleLog,
    Throttles,
    IdentifierHasher,
    SignInFailures,
    SessionRevocations,
    VerificationCodes,
    Deliveries,
    ...deliveryProviders,
    Housekeeping,
    AnchorScheduler,
    AccountRequestWriter,
    AccountRequestReads,
    // Emails the provider when credentialing decides their file (events.credentialing.CredentialingDecided).
    CredentialingDecisionsConsumer,
    // Command handlers
    EnsureMasterAdminHandler,
    RegisterAccountHandler,
    ChangeUserNameHandler,
    SignInHandler,
    VerifySignInCodeHandler,
    ResendSignInCodeHandler,
    SendTemporaryPasswordHandler,
    SendInvitationHandler,
    AcceptInvitationHandler,
    ResetPasswordHandler,
    LogoutHandler,
    ReauthenticateHandler,
    SendEmailVerificationCodeHandler,
    VerifyEmailVerificationCodeHandler,
    SendPasswordVerificationCodeHandler,
    VerifyPasswordVerificationCodeHandler,
    SendMobileVerificationCodeHandler,
    VerifyMobileVerificationCodeHandler,
    GrantAuditorHandler,
    GrantCommitteeRoleHandler,
    GrantAdminHandler,
    RoleGrant,
    RequestAccountHandler,
    ApproveAccountRequestHandler,
    DeclineAccountRequestHandler,
    // Query handlers
    AccountExistsHandler,
    SessionLiveHandler,
    SignedInUserHandler,
    OwnSecurityEventsHandler,
    AuditSecurityEventsHandler,
    DevOutboxHandler,
    AccountRequestHandler,
    PendingAccountRequestsHandler,
  ],
})
export class IdentityModule {}
