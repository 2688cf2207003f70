import { Query } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Is this user name, email or mobile already taken? */
export class AccountExistsQuery extends Query<identity.ExistsReply> {
  constructor(readonly input: identity.ExistsRequest) {
    super();
  }
}
