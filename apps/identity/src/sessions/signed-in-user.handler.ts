import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { AccountLookup, toSignedInUser } from '../accounts/account-lookup';
import { requireActor } from './actor';
import { SignedInUserQuery } from './signed-in-user.query';

/** isSignedIn: the gateway checked the token and the live session; this returns the user to restore. */
@QueryHandler(SignedInUserQuery)
export class SignedInUserHandler implements IQueryHandler<SignedInUserQuery, identity.SignedInUser> {
  constructor(private readonly lookup: AccountLookup) {}

  async execute(): Promise<identity.SignedInUser> {
    const { userId } = requireActor();
    return toSignedInUser(await this.lookup.requireById(userId));
  }
}
