import { Command } from '@nestjs/cqrs';
import type { notifications } from '@app/contracts';

/** The user opened the bell. */
export class ResetBellCommand extends Command<notifications.NotificationsCommandReply> {
  constructor(readonly input: notifications.ResetBellRequest) {
    super();
  }
}
