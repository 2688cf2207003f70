import { Controller } from '@nestjs/common';
import { Rpc } from '@app/nest-kit';
import type { identity } from '@app/contracts';
import { AccountLookup, toSignedInUser } from '../accounts/account-lookup';
import { requireActor } from './actor';

/** isSignedIn: the gateway checked the token and the live session; this returns the user to restore. */
@Controller()
export class SignedInUserHandler {
  constructor(private readonly lookup: AccountLookup) {}

  @Rpc('identity', 'qry', 'signedInUser')
  async user(): Promise<identity.SignedInUser> {
    const { userId } = requireActor();
    return toSignedInUser(await this.lookup.requireById(userId));
  }
}
