import { Module } from '@nestjs/common';
import { DomainServiceModule } from '@app/nest-kit';
import { practicesControllers, practicesIntegrationEvents, practicesProjections, practicesProviders } from './practices';
import { practicesStorage } from './storage';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'practices',
      ...practicesStorage,
      projections: [...practicesProjections],
      integrationEvents: practicesIntegrationEvents,
    }),
  ],
  controllers: [...practicesControllers],
  providers: [...practicesProviders],
})
export class PracticesModule {}
