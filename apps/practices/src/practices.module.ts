import { Module } from '@nestjs/common';
import { DomainServiceModule } from '@app/nest-kit';
import { practicesStorage } from './storage';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'practices',
      ...practicesStorage,
      projections: [],
      integrationEvents: () => null,
    }),
  ],
})
export class PracticesModule {}
