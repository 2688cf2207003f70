import { Query } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** The designated Committee members and Medical Directors, and the caller's own committee roles. */
export class GetCommitteeRolesQuery extends Query<credentialing.CommitteeRolesReply> {
  constructor(readonly input: Record<string, never>) {
    super();
  }
}
