import { Module } from '@nestjs/common';
import { DomainServiceModule } from '@app/nest-kit';
import { notificationsStorage } from './storage';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'notifications',
      ...notificationsStorage,
      projections: [],
      integrationEvents: () => null,
    }),
  ],
})
export class NotificationsModule {}
