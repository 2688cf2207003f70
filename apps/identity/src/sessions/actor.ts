import { Forbidden, Unauthorized, currentContext } from '@app/nest-kit';
import type { Account } from '../read-models/account.entity';

/** The signed-in caller (user and session), passed by the gateway after it checked the token. */
export function requireActor(): { userId: string; sessionId: string } {
  const actor = currentContext()?.actor;
  if (!actor?.userId || !actor.sessionId) throw new Unauthorized('Not signed in or session expired');
  return { userId: actor.userId, sessionId: actor.sessionId };
}

/** Account calls act only on the caller's own account: the email sent must be the caller's. */
export function assertOwnEmail(account: Pick<Account, 'emailLower'>, email: string): void {
  if (email.trim().toLowerCase() !== account.emailLower) throw new Forbidden('You can only change your own account');
}
