import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { NatsConnection } from '@nats-io/transport-node';
import { notifications, type RealtimeEnvelope, type RealtimeEventName } from '@app/contracts';
import { NATS_CONNECTION, subjects } from '@app/nest-kit';
import type { NotificationRaised } from '../domain/notification.events';
import type { NotificationsState } from '../domain/notifications.aggregate';
import { Notification } from '../read-models/notification.entity';
import { toNotificationView, viewOfRaised } from '../read-models/notification-view';

/**
 * Pushes a raised notification to the user's browsers through NATS `realtime.user.<id>`; every
 * gateway instance delivers it to that user's sockets. Pushes are best effort: the notification
 * is stored first, and a browser that missed a push re-fetches when it reconnects.
 */
@Injectable()
export class RealtimePublisher {
  private readonly logger = new Logger('RealtimePublisher');
  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly em: EntityManager,
  ) {}

  notificationRaised(event: NotificationRaised, state: NotificationsState): void {
    const notification = viewOfRaised(event);
    const accountId = event.data.accountId;
    this.publish(accountId, 'user-notification-event', { notification, notificationsCount: state.bellCount });
    if (notification.category === 'Security') {
      this.publish(accountId, 'user-alert-event', {
        id: notification._id,
        showAlert: true,
        autoDismiss: true,
        autoDismissTime: notifications.SECURITY_ALERT_DISMISS_MS,
        headerText: notification.heading,
        headerIcon: notification.icon,
        bodyText: notification.body,
      });
    }
  }

  /** A stored notification changed (an account request was decided): its new view, as stored, to the user's browsers. */
  async notificationChanged(accountId: string, notificationId: string, state: NotificationsState): Promise<void> {
    const row = await this.em.fork().findOne(Notification, { id: notificationId, accountId });
    if (row) this.publish(accountId, 'user-notification-event', { notification: toNotificationView(row), notificationsCount: state.bellCount });
  }

  private publish<E extends RealtimeEventName>(userId: string, event: E, data: RealtimeEnvelope<E>['data']): void {
    try {
      this.nc.publish(subjects().realtimeUser(userId), JSON.stringify({ event, data } as RealtimeEnvelope));
    } catch (err) {
      this.logger.warn(`could not push ${event} to user ${userId}: ${(err as Error).message}`);
    }
  }
}
