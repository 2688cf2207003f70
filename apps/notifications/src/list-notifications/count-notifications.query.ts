import { Query } from '@nestjs/cqrs';
import type { notifications } from '@app/contracts';

/** The bell count and the unread count of an account. */
export class CountNotificationsQuery extends Query<notifications.CountNotificationsReply> {
  constructor(readonly input: notifications.CountNotificationsRequest) {
    super();
  }
}
