import { Command } from '@nestjs/cqrs';
import type { notifications } from '@app/contracts';

/** Every notification of the account becomes Read. */
export class MarkAllNotificationsReadCommand extends Command<notifications.NotificationsCommandReply> {
  constructor(readonly input: notifications.MarkAllNotificationsReadRequest) {
    super();
  }
}
