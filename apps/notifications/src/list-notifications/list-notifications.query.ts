import { Query } from '@nestjs/cqrs';
import type { notifications } from '@app/contracts';

/** The drawer's list (All / Security / New) of an account, newest first. */
export class ListNotificationsQuery extends Query<notifications.ListNotificationsReply> {
  constructor(readonly input: notifications.ListNotificationsRequest) {
    super();
  }
}
