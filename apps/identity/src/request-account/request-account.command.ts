import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** 'Request an account' (public): a signed-out visitor asks the master admin for an account. */
export class RequestAccountCommand extends Command<identity.RequestAccountReply> {
  constructor(readonly input: identity.RequestAccountRequest) {
    super();
  }
}
