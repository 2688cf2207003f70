import { Query } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** A page of the caller's own security events. */
export class OwnSecurityEventsQuery extends Query<identity.SecurityEventsReply> {
  constructor(readonly input: identity.OwnSecurityEventsRequest) {
    super();
  }
}
