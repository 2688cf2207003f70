import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { notifications } from '@app/contracts';
import { Rpc, parsePayload } from '@app/nest-kit';
import { NotificationsWriter } from '../infrastructure/notifications.writer';

/** Marking one notification, or all of them, as Read. */
@Controller()
export class MarkReadHandler {
  constructor(private readonly writer: NotificationsWriter) {}

  /** 404 when the notification is not in the account's stream (another user's, or none). */
  @Rpc('notifications', 'cmd', notifications.NOTIFICATIONS_RPC.markRead)
  async markRead(@Payload() payload: unknown): Promise<notifications.NotificationsCommandReply> {
    const { accountId, notificationId } = parsePayload(notifications.MarkNotificationReadRequest, payload);
    const result = await this.writer.execute(accountId, { type: 'MarkNotificationRead', data: { accountId, notificationId, now: new Date() } });
    await this.writer.projected(result);
    return { success: true, notificationsCount: result.state.bellCount, unread: result.state.unread };
  }

  @Rpc('notifications', 'cmd', notifications.NOTIFICATIONS_RPC.markAllRead)
  async markAllRead(@Payload() payload: unknown): Promise<notifications.NotificationsCommandReply> {
    const { accountId } = parsePayload(notifications.MarkAllNotificationsReadRequest, payload);
    const result = await this.writer.execute(accountId, { type: 'MarkAllNotificationsRead', data: { accountId, now: new Date() } });
    await this.writer.projected(result);
    return { success: true, notificationsCount: result.state.bellCount, unread: result.state.unread };
  }
}
