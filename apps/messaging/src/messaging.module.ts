import { Module } from '@nestjs/common';
import { DomainServiceModule } from '@app/nest-kit';
import { messagingStorage } from './storage';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'messaging',
      ...messagingStorage,
      projections: [],
      integrationEvents: () => null,
    }),
  ],
})
export class MessagingModule {}
