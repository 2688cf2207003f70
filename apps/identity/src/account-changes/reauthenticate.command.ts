import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** The caller's password again, before changing email or mobile. */
export class ReauthenticateCommand extends Command<identity.SuccessReply> {
  constructor(readonly input: identity.ReauthenticateRequest) {
    super();
  }
}
