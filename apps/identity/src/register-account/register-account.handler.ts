import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { EventPipeline } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { AccountRepository } from '../accounts/account.repository';
import { generatePassword, hashPassword } from '../credentials/password-hasher';
import { assertAcceptablePassword } from '../credentials/password-policy';
import { decideAccount } from '../domain/account.aggregate';
import { RegisterAccountCommand } from './register-account.command';

/**
 * Registers an account (internal RPC: tests, and the later "Create User Profile" feature).
 * Without a password the account gets a random one: its owner sets one with a temporary password.
 * Never creates a master admin.
 */
@CommandHandler(RegisterAccountCommand)
export class RegisterAccountHandler implements ICommandHandler<RegisterAccountCommand, identity.RegisterAccountReply> {
  constructor(
    private readonly repo: AccountRepository,
    private readonly pipeline: EventPipeline,
  ) {}

  async execute({ input: req }: RegisterAccountCommand): Promise<identity.RegisterAccountReply> {
    if (req.password !== undefined) assertAcceptablePassword(req.password, 'password');
    const accountId = randomUUID();
    const hash = await hashPassword(req.password ?? generatePassword());
    const outcome = await this.repo.execute(accountId, (state) => ({
      events: decideAccount(
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
            now: new Date(),
          },
        },
        state,
      ),
      reserve: [
        { kind: 'userName', value: req.userName, accountId, message: MESSAGES.userNameTaken, field: 'userName' },
        { kind: 'email', value: req.email, accountId, message: MESSAGES.emailInUse, field: 'email' },
        ...(req.mobile ? [{ kind: 'mobile' as const, value: req.mobile, accountId, message: MESSAGES.mobileInUse, field: 'mobile' }] : []),
      ],
      passwordHash: { accountId, hash },
    }));
    await this.pipeline.projected(outcome.globalPositions);
    return { userId: accountId, userName: req.userName };
  }
}
