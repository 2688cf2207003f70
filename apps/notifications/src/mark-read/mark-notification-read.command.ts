import { Command } from '@nestjs/cqrs';
import type { notifications } from '@app/contracts';

/** One notification of the account becomes Read. */
export class MarkNotificationReadCommand extends Command<notifications.NotificationsCommandReply> {
  constructor(readonly input: notifications.MarkNotificationReadRequest) {
    super();
  }
}
