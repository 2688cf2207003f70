import { Query } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** Who is invited, if the caller may invite them: the provider profile's email. */
export class InvitationTargetQuery extends Query<credentialing.InvitationTargetReply> {
  constructor(readonly input: { providerId: string }) {
    super();
  }
}
