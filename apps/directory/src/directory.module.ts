import { Module } from '@nestjs/common';
import { DomainServiceModule } from '@app/nest-kit';
import { facilitiesControllers, facilitiesProjections, facilitiesProviders, facilityIntegrationEvents } from './facilities';
import { directoryIntegrationEvents, profilesControllers, profilesProjections, profilesProviders } from './profiles';
import { practiceMembershipsProviders } from './practice-memberships';
import { registryControllers, registryProviders } from './registry';
import { directoryStorage } from './storage';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'directory',
      ...directoryStorage,
      projections: [...profilesProjections, ...facilitiesProjections],
      integrationEvents: (e) => directoryIntegrationEvents(e) ?? facilityIntegrationEvents(e),
    }),
  ],
  controllers: [...registryControllers, ...profilesControllers, ...facilitiesControllers],
  providers: [...registryProviders, ...profilesProviders, ...facilitiesProviders, ...practiceMembershipsProviders],
})
export class DirectoryModule {}
