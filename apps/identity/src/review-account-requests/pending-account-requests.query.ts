import { Query } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** The requests waiting for a decision, oldest first (master admin only). */
export class PendingAccountRequestsQuery extends Query<identity.PendingAccountRequestsReply> {}
