import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** A new user name for an account (its owner or the master admin, from the profile). */
export class ChangeUserNameCommand extends Command<identity.ChangeUserNameReply> {
  constructor(readonly input: identity.ChangeUserNameRequest) {
    super();
  }
}
