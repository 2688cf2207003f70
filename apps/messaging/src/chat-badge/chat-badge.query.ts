import { Query } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** Whether the chat icon shows its badge (also what the gateway asks for the signed-in user record). */
export class ChatBadgeQuery extends Query<messaging.BadgeReply> {
  constructor(readonly input: messaging.BadgeRequest) {
    super();
  }
}
