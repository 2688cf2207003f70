import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { notifications } from '@app/contracts';
import { NotificationsWriter } from '../infrastructure/notifications.writer';
import { ResetBellCommand } from './reset-bell.command';

/** The user opened the bell: its count goes back to 0 (the notifications stay unread). */
@CommandHandler(ResetBellCommand)
export class ResetBellHandler implements ICommandHandler<ResetBellCommand, notifications.NotificationsCommandReply> {
  constructor(private readonly writer: NotificationsWriter) {}

  async execute({ input }: ResetBellCommand): Promise<notifications.NotificationsCommandReply> {
    const { accountId } = input;
    const result = await this.writer.execute(accountId, { type: 'ResetBellCount', data: { accountId, now: new Date() } });
    await this.writer.projected(result);
    return { success: true, notificationsCount: result.state.bellCount, unread: result.state.unread };
  }
}
