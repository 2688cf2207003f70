import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Change mobile, step 3: the code sent to the new number; the mobile changes. */
export class VerifyMobileVerificationCodeCommand extends Command<identity.SuccessReply> {
  constructor(readonly input: identity.VerifyMobileVerificationCodeRequest) {
    super();
  }
}
