import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { AccountLookup, identifies } from '../accounts/account-lookup';
import { AccountRepository } from '../accounts/account.repository';
import { OneTimeSecrets, generateCode, hashSecret } from '../credentials/one-time-secrets';
import { Deliveries } from '../delivery/deliveries';
import { decideAccount } from '../domain/account.aggregate';
import { AccountNotFound, SignInChallengeClosed } from '../domain/account.errors';
import { Throttles } from '../throttling/throttles';
import { deliverSignInCode, signInCodeTarget } from './sign-in-code';
import { ResendSignInCodeCommand } from './resend-sign-in-code.command';

/** 'Send new code': at most once per 30 seconds and 5 times per challenge; the old code stops working. */
@CommandHandler(ResendSignInCodeCommand)
export class ResendSignInCodeHandler implements ICommandHandler<ResendSignInCodeCommand, identity.ResendSignInCodeReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly repo: AccountRepository,
    private readonly secrets: OneTimeSecrets,
    private readonly throttles: Throttles,
    private readonly deliveries: Deliveries,
  ) {}

  async execute({ input: req }: ResendSignInCodeCommand): Promise<identity.ResendSignInCodeReply> {
    const secret = await this.secrets.findByToken('sign-in', req._2FaToken);
    if (!secret) throw new SignInChallengeClosed();
    const account = await this.lookup.byId(secret.accountId);
    if (!account || !identifies(account, req.usernameOrEmail)) throw new SignInChallengeClosed();
    await this.throttles.send(account.id);
    await this.throttles.signInCode(account.id);

    const code = generateCode();
    const codeHash = await hashSecret(code);
    let target: ReturnType<typeof signInCodeTarget> | undefined;
    await this.repo.execute(account.id, (state) => {
      if (state.status !== 'active') throw new AccountNotFound();
      target = signInCodeTarget(state);
      return {
        events: decideAccount(
          { type: 'ResendSignInCode', data: { challengeId: secret.id, channel: target.channel, sentTo: target.sentTo, now: new Date() } },
          state,
        ),
        secret: { replaceHash: { id: secret.id, secretHash: codeHash } },
      };
    });
    await deliverSignInCode(this.deliveries, target!, code);
    return { success: true, phone: target!.phone };
  }
}
