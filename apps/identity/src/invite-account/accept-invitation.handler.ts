import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { EventPipeline, ValidationFailed } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { AccountRepository } from '../accounts/account.repository';
import { OneTimeSecrets } from '../credentials/one-time-secrets';
import { hashPassword } from '../credentials/password-hasher';
import { assertAcceptablePassword } from '../credentials/password-policy';
import { decideAccount } from '../domain/account.aggregate';
import { SessionRevocations } from '../sessions/session-revocations';
import { Throttles } from '../throttling/throttles';
import { AcceptInvitationCommand } from './accept-invitation.command';

export const INVITATION_LINK_USED = 'This link was already used or has expired: ask for a new invitation, or use Set/Reset Password';

/**
 * Follows an invitation's one-time link: the token (looked up by its hash) sets the account's
 * password once, within its validity (the account aggregate decides, as for a temporary
 * password); the link is then gone, and a second use is refused (400 naming `token`). Answers
 * the account's email, to sign in with.
 */
@CommandHandler(AcceptInvitationCommand)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitationCommand, identity.AcceptInvitationReply> {
  constructor(
    private readonly repo: AccountRepository,
    private readonly secrets: OneTimeSecrets,
    private readonly throttles: Throttles,
    private readonly pipeline: EventPipeline,
    private readonly revocations: SessionRevocations,
  ) {}

  async execute({ input: req }: AcceptInvitationCommand): Promise<identity.AcceptInvitationReply> {
    assertAcceptablePassword(req.newPassword, 'newPassword', MESSAGES.invalidPasswordReset);
    await this.throttles.attempt();
    const secret = await this.secrets.findByToken('invitation', req.token);
    if (!secret) throw new ValidationFailed('token', INVITATION_LINK_USED);
    const hash = await hashPassword(req.newPassword);
    let email = '';
    const outcome = await this.repo.execute(secret.accountId, (state) => {
      if (state.status !== 'active') return { events: [], secret: { remove: secret.id } };
      email = state.email;
      const events = decideAccount({ type: 'ResetPassword', data: { temporaryPasswordId: secret.id, temporaryPasswordMatches: true, now: new Date() } }, state);
      const done = events.some((e) => e.type === 'PasswordReset');
      return { events, ...(done ? { passwordHash: { accountId: secret.accountId, hash } } : {}), secret: { remove: secret.id } };
    });
    await this.pipeline.projected(outcome.globalPositions, { projections: ['sessions'] });
    this.revocations.publishFor(outcome.events);
    if (!outcome.events.some((e) => e.type === 'PasswordReset')) throw new ValidationFailed('token', INVITATION_LINK_USED);
    return { success: true, email };
  }
}
