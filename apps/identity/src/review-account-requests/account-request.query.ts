import { Query } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** One account request with the requester's details (master admin only). */
export class AccountRequestQuery extends Query<identity.AccountRequestReply> {
  constructor(readonly input: identity.AccountRequestIdRequest) {
    super();
  }
}
