import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** The invitation link's token and the password its owner chose. */
export class AcceptInvitationCommand extends Command<identity.AcceptInvitationReply> {
  constructor(readonly input: identity.AcceptInvitationRequest) {
    super();
  }
}
