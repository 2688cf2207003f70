import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { Unauthorized, currentContext } from '@app/nest-kit';
import { AccountRepository } from '../accounts/account.repository';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { generateToken, hashSecret } from '../credentials/one-time-secrets';
import { Deliveries } from '../delivery/deliveries';
import { maskEmail, messages } from '../delivery/messages';
import { ACCOUNT_POLICY, decideAccount } from '../domain/account.aggregate';
import { AccountNotFound } from '../domain/account.errors';
import { SendInvitationCommand } from './send-invitation.command';

/** Where the invitation's one-time link points: the web app opens "Set your password" for the token. */
export const invitationLink = (appUrl: string, token: string, landing: string) =>
  `${appUrl.replace(/\/+$/, '')}/?invitation=${encodeURIComponent(token)}&next=${encodeURIComponent(landing)}`;

/**
 * Asks the owner of an account (a provider) to complete their credentialing application. The
 * caller is a signed-in user whom the gateway had the owning service authorize.
 * - No password of their own yet (a provider the staff created): a one-time link token (256
 *   random bits, stored hashed, valid ACCOUNT_POLICY.invitationTtlMs) that sets the password and
 *   lands on `landing`; a new invitation replaces the previous link. No password in the email.
 * - A password of their own: an email asking them to sign in and open `landing`; nothing about
 *   the account changes (no event, no secret, no "account created").
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
    const organization = input.organization ?? null;
    const { state } = await this.repo.load(input.accountId);
    if (state.status !== 'active') throw new AccountNotFound();
    if (state.passwordChosen) return this.askToSignIn(state.email, organization, input.landing);

    const token = generateToken();
    const secretHash = await hashSecret(token);
    const temporaryPasswordId = randomUUID();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ACCOUNT_POLICY.invitationTtlMs);
    let email = '';
    let chosen = false;
    await this.repo.execute(input.accountId, (current) => {
      if (current.status !== 'active') throw new AccountNotFound();
      email = current.email;
      chosen = current.passwordChosen;
      // Set a password meanwhile: nothing to issue (the reminder goes out below).
      if (chosen) return { events: [] };
      return {
        events: decideAccount({ type: 'IssueTemporaryPassword', data: { temporaryPasswordId, sentTo: maskEmail(current.email), now, ttlMs: ACCOUNT_POLICY.invitationTtlMs } }, current),
        secret: { put: { id: temporaryPasswordId, accountId: input.accountId, purpose: 'invitation', secretHash, expiresAt, token } },
      };
    });
    if (chosen) return this.askToSignIn(email, organization, input.landing);
    const days = Math.round(ACCOUNT_POLICY.invitationTtlMs / 86_400_000);
    await this.deliveries.email(messages.credentialingInvitation(email, organization, invitationLink(this.config.APP_URL, token, input.landing), days));
    return { success: true, sentTo: maskEmail(email), invitation: 'set-password', expiresAt: expiresAt.toISOString() };
  }

  /** The owner has a password: a link to the page (signing in first), nothing else. */
  private async askToSignIn(email: string, organization: string | null, landing: string): Promise<identity.SendInvitationReply> {
    await this.deliveries.email(messages.credentialingReminder(email, organization, `${this.config.APP_URL.replace(/\/+$/, '')}${landing}`));
    return { success: true, sentTo: maskEmail(email), invitation: 'sign-in', expiresAt: null };
  }
}
