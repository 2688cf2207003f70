import { AccountCredentialsController } from './account-credentials.controller';
import { AccountRequestsController } from './account-requests.controller';
import { DevOutboxController } from './dev-outbox.controller';
import { PasswordResetController } from './password-reset.controller';
import { RolesController } from './roles.controller';
import { SecurityEventsController } from './security-events.controller';
import { SignInController } from './sign-in.controller';
import { SignedInUserComposer } from './signed-in-user.service';

/** The identity API of the gateway; the development outbox only outside production. */
export function identityControllers(nodeEnv: string) {
  return [
    SignInController,
    PasswordResetController,
    AccountCredentialsController,
    SecurityEventsController,
    RolesController,
    AccountRequestsController,
    ...(nodeEnv === 'production' ? [] : [DevOutboxController]),
  ];
}

export const identityProviders = [SignedInUserComposer];
