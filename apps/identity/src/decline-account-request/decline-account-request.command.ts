import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** The master admin declines a request; the requester gets a short, neutral email. */
export class DeclineAccountRequestCommand extends Command<identity.SuccessReply> {
  constructor(readonly input: identity.AccountRequestIdRequest) {
    super();
  }
}
