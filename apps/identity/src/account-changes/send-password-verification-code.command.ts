import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Change password, step 1: send a code to the account email. */
export class SendPasswordVerificationCodeCommand extends Command<identity.SuccessReply> {
  constructor(readonly input: identity.SendPasswordVerificationCodeRequest) {
    super();
  }
}
