import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Change password, step 2: the code and the new password. */
export class VerifyPasswordVerificationCodeCommand extends Command<identity.SuccessReply> {
  constructor(readonly input: identity.VerifyPasswordVerificationCodeRequest) {
    super();
  }
}
