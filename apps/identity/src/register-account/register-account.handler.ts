import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { Conflict, EventPipeline } from '@app/nest-kit';
import { AccountRepository } from '../accounts/account.repository';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { generatePassword, hashPassword } from '../credentials/password-hasher';
import { generateTemporaryPassword, hashSecret } from '../credentials/one-time-secrets';
import { assertAcceptablePassword } from '../credentials/password-policy';
import { Deliveries } from '../delivery/deliveries';
import { maskEmail, messages } from '../delivery/messages';
import { ACCOUNT_POLICY, decideAccount, evolveAccount } from '../domain/account.aggregate';
import type { AccountEvent } from '../domain/account.events';
import { RegisterAccountCommand } from './register-account.command';

/**
 * Registers an account (internal RPC: tests, and the directory's "create user"). Without a
 * password the account gets a random one: its owner sets one with a temporary password; with
 * `invite`, that temporary password is emailed at once ('Set/Reset Password HERE', valid 7 days).
 * With `accountId`, a retry is safe: an account with that id and email answers again, unchanged.
 * Never creates a master admin.
 */
@CommandHandler(RegisterAccountCommand)
export class RegisterAccountHandler implements ICommandHandler<RegisterAccountCommand, identity.RegisterAccountReply> {
  constructor(
    private readonly repo: AccountRepository,
    private readonly pipeline: EventPipeline,
    private readonly deliveries: Deliveries,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ input: req }: RegisterAccountCommand): Promise<identity.RegisterAccountReply> {
    if (req.password !== undefined) assertAcceptablePassword(req.password, 'password');
    const accountId = req.accountId ?? randomUUID();
    if (req.accountId) {
      const { state } = await this.repo.load(accountId);
      if (state.status === 'active') {
        if (state.email.toLowerCase() !== req.email.toLowerCase()) throw new Conflict('This account id belongs to another account', 'accountId');
        return { userId: accountId, userName: state.userName };
      }
    }
    const hash = await hashPassword(req.password ?? generatePassword());
    const temporaryPassword = req.invite ? generateTemporaryPassword() : undefined;
    const secretHash = temporaryPassword ? await hashSecret(temporaryPassword) : undefined;
    const temporaryPasswordId = randomUUID();
    const outcome = await this.repo.execute(accountId, (state) => {
      const now = new Date();
      const registered = decideAccount(
        {
          type: 'RegisterAccount',
          data: {
            accountId,
            userName: req.userName,
            email: req.email,
            ...(req.mobile ? { mobile: req.mobile } : {}),
            displayName: req.displayName,
            ...(req.firstName ? { firstName: req.firstName } : {}),
            ...(req.lastName ? { lastName: req.lastName } : {}),
            roles: { ...req.roles, isMasterAdmin: false },
            ...(req.password ? { passwordChosen: true } : {}),
            now,
          },
        },
        state,
      );
      const events: AccountEvent[] = [...registered];
      if (secretHash) {
        const after = registered.reduce(evolveAccount, state);
        events.push(
          ...decideAccount(
            { type: 'IssueTemporaryPassword', data: { temporaryPasswordId, sentTo: maskEmail(req.email), now, ttlMs: ACCOUNT_POLICY.invitationTtlMs } },
            after,
          ),
        );
      }
      return {
        events,
        passwordHash: { accountId, hash },
        ...(secretHash
          ? {
              secret: {
                put: {
                  id: temporaryPasswordId,
                  accountId,
                  purpose: 'temporary-password',
                  secretHash,
                  expiresAt: new Date(now.getTime() + ACCOUNT_POLICY.invitationTtlMs),
                },
              },
            }
          : {}),
      };
    });
    if (temporaryPassword) {
      const resetUrl = `${this.config.APP_URL.replace(/\/+$/, '')}/?setPassword=${encodeURIComponent(req.email)}`;
      await this.deliveries.email(messages.invitation(req.email, req.userName, temporaryPassword, resetUrl));
    }
    await this.pipeline.projected(outcome.globalPositions, { projections: ['accounts'] });
    return { userId: accountId, userName: req.userName };
  }
}
