import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Step 2 of sign-in: the code sent for the challenge the token names. */
export class VerifySignInCodeCommand extends Command<identity.SessionOpenedReply> {
  constructor(readonly input: identity.VerifySignInCodeRequest) {
    super();
  }
}
