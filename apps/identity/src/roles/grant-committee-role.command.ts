import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Grants or withdraws a credentialing committee role of a user: Committee member or Medical Director (master admin only). */
export class GrantCommitteeRoleCommand extends Command<identity.SuccessReply> {
  constructor(readonly input: identity.GrantCommitteeRoleRequest) {
    super();
  }
}
