import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { notifications } from '@app/contracts';
import { Rpc, parsePayload } from '@app/nest-kit';
import { NotificationCounter } from '../read-models/notification-counter.entity';
import { Notification } from '../read-models/notification.entity';
import { toNotificationView } from '../read-models/notification-view';

/** The drawer's list (All / Security / New) and the bell count, from the read models. */
@Controller()
export class ListNotificationsHandler {
  constructor(private readonly em: EntityManager) {}

  @Rpc('notifications', 'qry', notifications.NOTIFICATIONS_RPC.list)
  async list(@Payload() payload: unknown): Promise<notifications.ListNotificationsReply> {
    const { accountId, filter } = parsePayload(notifications.ListNotificationsRequest, payload);
    const where: FilterQuery<Notification> = { accountId };
    if (filter === notifications.NOTIFICATION_FILTER.Security) where.category = 'Security';
    if (filter === notifications.NOTIFICATION_FILTER.New) where.status = 'Unread';
    const rows = await this.em.fork().find(Notification, where, {
      orderBy: { createdAt: 'desc', raisedPosition: 'desc' },
      limit: notifications.NOTIFICATIONS_LIST_LIMIT,
    });
    return { notifications: rows.map(toNotificationView) };
  }

  /** Also what identity asks for the signed-in user record's `notificationsCount`. */
  @Rpc('notifications', 'qry', notifications.NOTIFICATIONS_RPC.count)
  async count(@Payload() payload: unknown): Promise<notifications.CountNotificationsReply> {
    const { accountId } = parsePayload(notifications.CountNotificationsRequest, payload);
    const counter = await this.em.fork().findOne(NotificationCounter, { accountId });
    return { notificationsCount: counter?.bellCount ?? 0, unread: counter?.unread ?? 0 };
  }
}
