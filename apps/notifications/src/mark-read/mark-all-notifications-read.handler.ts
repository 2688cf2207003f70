import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { notifications } from '@app/contracts';
import { NotificationsWriter } from '../infrastructure/notifications.writer';
import { MarkAllNotificationsReadCommand } from './mark-all-notifications-read.command';

/** Marks all of the account's notifications as Read. */
@CommandHandler(MarkAllNotificationsReadCommand)
export class MarkAllNotificationsReadHandler implements ICommandHandler<MarkAllNotificationsReadCommand, notifications.NotificationsCommandReply> {
  constructor(private readonly writer: NotificationsWriter) {}

  async execute({ input }: MarkAllNotificationsReadCommand): Promise<notifications.NotificationsCommandReply> {
    const { accountId } = input;
    const result = await this.writer.execute(accountId, { type: 'MarkAllNotificationsRead', data: { accountId, now: new Date() } });
    await this.writer.projected(result);
    return { success: true, notificationsCount: result.state.bellCount, unread: result.state.unread };
  }
}
