import { Module } from '@nestjs/common';
import { DomainServiceModule } from '@app/nest-kit';
import { NotificationsWriter } from './infrastructure/notifications.writer';
import { RealtimePublisher } from './infrastructure/realtime.publisher';
import { ListNotificationsHandler } from './list-notifications/list-notifications.handler';
import { MarkReadHandler } from './mark-read/mark-read.handler';
import { IdentityEventsConsumer } from './react-to-identity/identity-events.consumer';
import { NotificationsProjection } from './read-models/notifications.projection';
import { ResetBellHandler } from './reset-bell/reset-bell.handler';
import { notificationsStorage } from './storage';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'notifications',
      ...notificationsStorage,
      projections: [NotificationsProjection],
      // Notifications are private to the user: nothing is published on events.notifications.*.
      integrationEvents: () => null,
    }),
  ],
  controllers: [ListNotificationsHandler, MarkReadHandler, ResetBellHandler],
  providers: [NotificationsWriter, RealtimePublisher, IdentityEventsConsumer],
})
export class NotificationsModule {}
