import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Change email, step 2: send a code to the new address. */
export class SendEmailVerificationCodeCommand extends Command<identity.SuccessReply> {
  constructor(readonly input: identity.SendEmailVerificationCodeRequest) {
    super();
  }
}
