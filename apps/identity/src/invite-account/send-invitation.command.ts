import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** An invitation to an existing account: a one-time temporary password (7 days) and a link to set a password. */
export class SendInvitationCommand extends Command<identity.SendInvitationReply> {
  constructor(readonly input: identity.SendInvitationRequest) {
    super();
  }
}
