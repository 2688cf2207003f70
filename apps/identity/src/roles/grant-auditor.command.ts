import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Grants or withdraws the auditor role of a user (master admin only). */
export class GrantAuditorCommand extends Command<identity.SuccessReply> {
  constructor(readonly input: identity.GrantAuditorRequest) {
    super();
  }
}
