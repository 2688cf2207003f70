import { Query } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** A page of everyone's security events, filtered (auditors and the master admin only). */
export class AuditSecurityEventsQuery extends Query<identity.AuditSecurityEventsReply> {
  constructor(readonly input: identity.AuditSecurityEventsRequest) {
    super();
  }
}
