import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Reset step 2: the temporary password and the new password. */
export class ResetPasswordCommand extends Command<identity.SuccessReply> {
  constructor(readonly input: identity.ResetPasswordRequest) {
    super();
  }
}
