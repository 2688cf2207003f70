import { Query } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** The development outbox, newest first, optionally for one recipient. */
export class DevOutboxQuery extends Query<identity.DevOutboxMessage[]> {
  constructor(readonly input: identity.DevOutboxRequest) {
    super();
  }
}
