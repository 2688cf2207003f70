import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Step 1 of sign-in: email or user name and password. */
export class SignInCommand extends Command<identity.SignInReply> {
  constructor(readonly input: identity.SignInRequest) {
    super();
  }
}
