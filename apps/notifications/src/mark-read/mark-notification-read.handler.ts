import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { notifications } from '@app/contracts';
import { NotificationsWriter } from '../infrastructure/notifications.writer';
import { MarkNotificationReadCommand } from './mark-notification-read.command';

/** Marks one notification as Read; 404 when it is not in the account's stream (another user's, or none). */
@CommandHandler(MarkNotificationReadCommand)
export class MarkNotificationReadHandler implements ICommandHandler<MarkNotificationReadCommand, notifications.NotificationsCommandReply> {
  constructor(private readonly writer: NotificationsWriter) {}

  async execute({ input }: MarkNotificationReadCommand): Promise<notifications.NotificationsCommandReply> {
    const { accountId, notificationId } = input;
    const result = await this.writer.execute(accountId, { type: 'MarkNotificationRead', data: { accountId, notificationId, now: new Date() } });
    await this.writer.projected(result);
    return { success: true, notificationsCount: result.state.bellCount, unread: result.state.unread };
  }
}
