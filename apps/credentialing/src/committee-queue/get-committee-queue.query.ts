import { Query } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** The files awaiting the committee: clean ones (the Medical Director approves them) and flagged ones (a meeting). */
export class GetCommitteeQueueQuery extends Query<credentialing.CommitteeQueueReply> {
  constructor(readonly input: Record<string, never>) {
    super();
  }
}
