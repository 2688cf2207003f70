import { Module } from '@nestjs/common';
import { DomainServiceModule } from '@app/nest-kit';
import { directoryStorage } from './storage';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'directory',
      ...directoryStorage,
      projections: [],
      integrationEvents: () => null,
    }),
  ],
})
export class DirectoryModule {}
