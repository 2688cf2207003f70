import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { Unauthorized, currentContext } from '@app/nest-kit';
import { AccountRepository } from '../accounts/account.repository';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { generateTemporaryPassword, hashSecret } from '../credentials/one-time-secrets';
import { Deliveries } from '../delivery/deliveries';
import { maskEmail, messages } from '../delivery/messages';
import { ACCOUNT_POLICY, decideAccount } from '../domain/account.aggregate';
import { AccountNotFound } from '../domain/account.errors';
import { SendInvitationCommand } from './send-invitation.command';

/**
 * Invites the owner of an account (a provider the staff created, who never set a password): a
 * temporary password stored hashed, valid 7 days and consumed by the first password reset, sent
 * by email with a link to the set-password form that then lands on `landing`. The caller is a
 * signed-in user whom the gateway had the owning service authorize (credentialing's invitations).
 */
@CommandHandler(SendInvitationCommand)
export class SendInvitationHandler implements ICommandHandler<SendInvitationCommand, identity.SendInvitationReply> {
  constructor(
    private readonly repo: AccountRepository,
    private readonly deliveries: Deliveries,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ input }: SendInvitationCommand): Promise<identity.SendInvitationReply> {
    if (!currentContext()?.actor?.userId) throw new Unauthorized('Not signed in or session expired');
    const temporaryPassword = generateTemporaryPassword();
    const secretHash = await hashSecret(temporaryPassword);
    const temporaryPasswordId = randomUUID();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ACCOUNT_POLICY.invitationTtlMs);
    let email = '';
    let userName = '';
    await this.repo.execute(input.accountId, (state) => {
      if (state.status !== 'active') throw new AccountNotFound();
      email = state.email;
      userName = state.userName;
      return {
        events: decideAccount({ type: 'IssueTemporaryPassword', data: { temporaryPasswordId, sentTo: maskEmail(state.email), now, ttlMs: ACCOUNT_POLICY.invitationTtlMs } }, state),
        secret: { put: { id: temporaryPasswordId, accountId: input.accountId, purpose: 'temporary-password', secretHash, expiresAt } },
      };
    });
    const link = `${this.config.APP_URL.replace(/\/+$/, '')}/?setPassword=${encodeURIComponent(email)}&next=${encodeURIComponent(input.landing)}`;
    await this.deliveries.email(messages.invitation(email, userName, temporaryPassword, link));
    return { success: true, sentTo: maskEmail(email), expiresAt: expiresAt.toISOString() };
  }
}
