import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Change email, step 3: the code sent to the new address; the email changes. */
export class VerifyEmailVerificationCodeCommand extends Command<identity.SuccessReply> {
  constructor(readonly input: identity.VerifyEmailVerificationCodeRequest) {
    super();
  }
}
