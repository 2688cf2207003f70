import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** 'Send new code' for an open sign-in challenge. */
export class ResendSignInCodeCommand extends Command<identity.ResendSignInCodeReply> {
  constructor(readonly input: identity.ResendSignInCodeRequest) {
    super();
  }
}
