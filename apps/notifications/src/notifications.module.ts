import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DomainServiceModule } from '@app/nest-kit';
import { NotificationsWriter } from './infrastructure/notifications.writer';
import { RealtimePublisher } from './infrastructure/realtime.publisher';
import { CountNotificationsHandler } from './list-notifications/count-notifications.handler';
import { ListNotificationsHandler } from './list-notifications/list-notifications.handler';
import { MarkAllNotificationsReadHandler } from './mark-read/mark-all-notifications-read.handler';
import { MarkNotificationReadHandler } from './mark-read/mark-notification-read.handler';
import { NotificationsRpcController } from './notifications.rpc.controller';
import { IdentityEventsConsumer } from './react-to-identity/identity-events.consumer';
import { PracticeEventsConsumer } from './react-to-practices/practice-events.consumer';
import { CredentialingEventsConsumer } from './react-to-credentialing/credentialing-events.consumer';
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
    CqrsModule.forRoot(),
  ],
  controllers: [NotificationsRpcController],
  providers: [
    NotificationsWriter,
    RealtimePublisher,
    IdentityEventsConsumer,
    PracticeEventsConsumer,
    CredentialingEventsConsumer,
    // Queries
    ListNotificationsHandler,
    CountNotificationsHandler,
    // Commands
    MarkNotificationReadHandler,
    MarkAllNotificationsReadHandler,
    ResetBellHandler,
  ],
})
export class NotificationsModule {}
