import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { Unauthorized } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import { AccountRepository } from '../accounts/account.repository';
import { verifyPassword } from '../credentials/password-hasher';
import { decideAccount } from '../domain/account.aggregate';
import { assertOwnEmail, requireActor } from '../sessions/actor';
import { Throttles } from '../throttling/throttles';
import { ReauthenticateCommand } from './reauthenticate.command';

/** Step 1 of change email / change mobile: the password again. Valid 10 minutes for this session. */
@CommandHandler(ReauthenticateCommand)
export class ReauthenticateHandler implements ICommandHandler<ReauthenticateCommand, identity.SuccessReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly repo: AccountRepository,
    private readonly throttles: Throttles,
  ) {}

  async execute({ input: req }: ReauthenticateCommand): Promise<identity.SuccessReply> {
    const actor = requireActor();
    const account = await this.lookup.requireById(actor.userId);
    assertOwnEmail(account, req.email);
    await this.throttles.attempt();
    const keys = this.throttles.passwordKeys('reauth', { accountId: account.id });
    await this.throttles.assertPasswordCheckAllowed(keys);

    const hash = await this.lookup.passwordHash(account.id);
    const passwordMatches = !!hash && (await verifyPassword(hash, req.password));
    await this.repo.execute(account.id, (state) => ({
      events: decideAccount({ type: 'Reauthenticate', data: { sessionId: actor.sessionId, passwordMatches, now: new Date() } }, state),
    }));
    if (!passwordMatches) {
      await this.throttles.passwordFailed(keys);
      throw new Unauthorized(MESSAGES.invalidPassword, 'invalid_credentials');
    }
    await this.throttles.passwordSucceeded(keys);
    return { success: true };
  }
}
