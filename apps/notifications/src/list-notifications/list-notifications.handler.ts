import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { notifications } from '@app/contracts';
import { Notification } from '../read-models/notification.entity';
import { toNotificationView } from '../read-models/notification-view';
import { ListNotificationsQuery } from './list-notifications.query';

/** The drawer's list (All / Security / New), from the read models. */
@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<ListNotificationsQuery, notifications.ListNotificationsReply> {
  constructor(private readonly em: EntityManager) {}

  async execute({ input }: ListNotificationsQuery): Promise<notifications.ListNotificationsReply> {
    const { accountId, filter } = input;
    const where: FilterQuery<Notification> = { accountId };
    if (filter === notifications.NOTIFICATION_FILTER.Security) where.category = 'Security';
    if (filter === notifications.NOTIFICATION_FILTER.New) where.status = 'Unread';
    const rows = await this.em.fork().find(Notification, where, {
      orderBy: { createdAt: 'desc', raisedPosition: 'desc' },
      limit: notifications.NOTIFICATIONS_LIST_LIMIT,
    });
    return { notifications: rows.map(toNotificationView) };
  }
}
