import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Reset step 1: send a temporary password to the account's email. */
export class SendTemporaryPasswordCommand extends Command<identity.SendTempPasswordReply> {
  constructor(readonly input: identity.SendTempPasswordRequest) {
    super();
  }
}
