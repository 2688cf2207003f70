import { Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized } from '@app/errors';
import { MESSAGES } from '@app/validation';

export class AccountAlreadyRegistered extends Conflict {
  constructor() {
    super('Account already exists');
  }
}

export class AccountNotFound extends NotFound {
  constructor() {
    super('Account not found');
  }
}

/** The sign-in challenge is unknown, used, expired or dead: the user has to sign in again. */
export class SignInChallengeClosed extends Unauthorized {
  constructor() {
    super(MESSAGES.incorrectCode, 'challenge_closed');
  }
}

export class CodeResendTooSoon extends TooManyRequests {
  constructor(retryAfterSeconds: number) {
    super(`A new code can be sent in ${retryAfterSeconds} s`, retryAfterSeconds);
  }
}

export class CodeResendLimitReached extends TooManyRequests {
  constructor(retryAfterSeconds: number) {
    super('No more new codes for this sign-in: sign in again', retryAfterSeconds);
  }
}

/** Changing the email or mobile needs the password again in this session (within 10 minutes). */
export class ReauthenticationRequired extends Forbidden {
  constructor() {
    super('Confirm your password first', 'reauthentication_required');
  }
}

/** The acting session is no longer live (logged out, revoked or expired). */
export class SessionNotLive extends Unauthorized {
  constructor() {
    super('Not signed in or session expired');
  }
}

/** The master admin is always an administrator: its admin identity is not granted or withdrawn. */
export class MasterAdminRoleFixed extends Conflict {
  constructor() {
    super('The master admin is always an administrator');
  }
}
