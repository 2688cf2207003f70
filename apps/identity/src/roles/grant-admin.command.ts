import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Grants or withdraws the admin identity of a user (master admin only). */
export class GrantAdminCommand extends Command<identity.SuccessReply> {
  constructor(readonly input: identity.GrantAdminRequest) {
    super();
  }
}
