import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Change mobile, step 2: send a code by text message to the new number. */
export class SendMobileVerificationCodeCommand extends Command<identity.SendMobileVerificationCodeReply> {
  constructor(readonly input: identity.SendMobileVerificationCodeRequest) {
    super();
  }
}
