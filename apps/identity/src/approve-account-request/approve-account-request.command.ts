import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** The master admin approved a request and its account was created: the request records it. */
export class ApproveAccountRequestCommand extends Command<identity.ApproveAccountRequestReply> {
  constructor(readonly input: identity.ApproveAccountRequestRequest) {
    super();
  }
}
