import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identity } from '@app/contracts';
import { Rpc, Unauthorized, parseFields } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import { AccountRepository } from '../accounts/account.repository';
import { verifyPassword } from '../credentials/password-hasher';
import { decideAccount } from '../domain/account.aggregate';
import { assertOwnEmail, requireActor } from '../sessions/actor';
import { Throttles } from '../throttling/throttles';

/** Step 1 of change email / change mobile: the password again. Valid 10 minutes for this session. */
@Controller()
export class ReauthenticateHandler {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly repo: AccountRepository,
    private readonly throttles: Throttles,
  ) {}

  @Rpc('identity', 'cmd', 'reauthenticate')
  async reauthenticate(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    const req = parseFields(identity.ReauthenticateRequest, payload);
    const actor = requireActor();
    const account = await this.lookup.requireById(actor.userId);
    assertOwnEmail(account, req.email);
    await this.throttles.attempt();
    const keys = this.throttles.passwordKeys('reauth', account.id);
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
