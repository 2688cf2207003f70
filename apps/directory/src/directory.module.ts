import { Module } from '@nestjs/common';
import { DomainServiceModule } from '@app/nest-kit';
import { fhirControllers, fhirProjections, fhirProviders } from './fhir';
import { facilitiesControllers, facilitiesProjections, facilitiesProviders, facilityIntegrationEvents } from './facilities';
import { directoryIntegrationEvents, profilesControllers, profilesProjections, profilesProviders } from './profiles';
import { practiceMembershipsProviders } from './practice-memberships';
import { registryControllers, registryIntegrationEvents, registryProviders } from './registry';
import { directoryStorage } from './storage';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'directory',
      ...directoryStorage,
      projections: [...profilesProjections, ...facilitiesProjections, ...fhirProjections],
      integrationEvents: (e) => directoryIntegrationEvents(e) ?? facilityIntegrationEvents(e) ?? registryIntegrationEvents(e),
    }),
  ],
  controllers: [...registryControllers, ...profilesControllers, ...facilitiesControllers, ...fhirControllers],
  providers: [...registryProviders, ...profilesProviders, ...facilitiesProviders, ...practiceMembershipsProviders, ...fhirProviders],
})
export class DirectoryModule {}
