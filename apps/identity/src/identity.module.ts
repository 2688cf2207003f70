import { Module } from '@nestjs/common';
import { DomainServiceModule } from '@app/nest-kit';
import { ChangeEmailHandler } from './account-changes/change-email.handler';
import { ChangeMobileHandler } from './account-changes/change-mobile.handler';
import { ChangePasswordHandler } from './account-changes/change-password.handler';
import { ReauthenticateHandler } from './account-changes/reauthenticate.handler';
import { VerificationCodes } from './account-changes/verification-codes';
import { AccountLookup } from './accounts/account-lookup';
import { AccountRepository } from './accounts/account.repository';
import { IDENTITY_CONFIG, loadIdentityConfig } from './config';
import { AccountWriter } from './credentials/account-writer';
import { OneTimeSecrets } from './credentials/one-time-secrets';
import { Deliveries } from './delivery/deliveries';
import { deliveryProviders } from './delivery/delivery.providers';
import { DevOutboxHandler } from './dev-outbox/dev-outbox.handler';
import { EnsureMasterAdminHandler } from './ensure-master-admin/ensure-master-admin.handler';
import { Housekeeping } from './housekeeping';
import { identityIntegrationEvents } from './integration-events';
import { ResetPasswordHandler } from './password-reset/reset-password.handler';
import { SendTemporaryPasswordHandler } from './password-reset/send-temporary-password.handler';
import { AccountQueriesHandler } from './queries/account-queries.handler';
import { SessionLiveHandler } from './queries/session-live.handler';
import { AccountsProjection } from './read-models/accounts.projection';
import { RegisterAccountHandler } from './register-account/register-account.handler';
import { GrantAuditorHandler } from './roles/grant-auditor.handler';
import { SecurityEventsHandler } from './security-log/security-events.handler';
import { SecurityLogProjection } from './security-log/security-log.projection';
import { LogoutHandler } from './sessions/logout.handler';
import { SessionRevocations } from './sessions/session-revocations';
import { SessionsProjection } from './sessions/sessions.projection';
import { SignedInUserHandler } from './sessions/signed-in-user.handler';
import { ResendSignInCodeHandler } from './sign-in/resend-sign-in-code.handler';
import { SignInFailures } from './sign-in/sign-in-failures';
import { SignInHandler } from './sign-in/sign-in.handler';
import { VerifySignInCodeHandler } from './sign-in/verify-sign-in-code.handler';
import { identityStorage } from './storage';
import { RateLimiter } from './throttling/rate-limiter';
import { Throttles } from './throttling/throttles';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'identity',
      ...identityStorage,
      projections: [AccountsProjection, SessionsProjection, SecurityLogProjection],
      integrationEvents: identityIntegrationEvents,
    }),
  ],
  controllers: [
    EnsureMasterAdminHandler,
    AccountQueriesHandler,
    SessionLiveHandler,
    RegisterAccountHandler,
    SignInHandler,
    VerifySignInCodeHandler,
    ResendSignInCodeHandler,
    SendTemporaryPasswordHandler,
    ResetPasswordHandler,
    LogoutHandler,
    SignedInUserHandler,
    ReauthenticateHandler,
    ChangeEmailHandler,
    ChangePasswordHandler,
    ChangeMobileHandler,
    SecurityEventsHandler,
    GrantAuditorHandler,
    DevOutboxHandler,
  ],
  providers: [
    // Validated at boot: a bad variable stops the service with a message naming it.
    { provide: IDENTITY_CONFIG, useFactory: () => loadIdentityConfig() },
    AccountWriter,
    AccountRepository,
    AccountLookup,
    OneTimeSecrets,
    RateLimiter,
    Throttles,
    SignInFailures,
    SessionRevocations,
    VerificationCodes,
    Deliveries,
    ...deliveryProviders,
    Housekeeping,
  ],
})
export class IdentityModule {}
