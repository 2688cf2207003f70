import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DomainServiceModule } from '@app/nest-kit';
import { AddFacilityHandler } from './add-facility/add-facility.handler';
import { ChangeProfileImageHandler } from './change-profile-image/change-profile-image.handler';
import { MayChangeProfileImageHandler } from './change-profile-image/may-change-profile-image.handler';
import { CreateUserHandler } from './create-user/create-user.handler';
import { DeleteFacilityHandler } from './delete-facility/delete-facility.handler';
import { DeleteUserHandler } from './delete-user/delete-user.handler';
import { DirectoryRpcController } from './directory.rpc.controller';
import { UpdateProfileHandler } from './edit-profile/update-profile.handler';
import { FhirCapabilitiesHandler } from './fhir-directory/fhir-capabilities.handler';
import { ReadFhirHandler } from './fhir-directory/read-fhir.handler';
import { SearchFhirHandler } from './fhir-directory/search-fhir.handler';
import { FacilityDetailsBuilder } from './infrastructure/facility-details';
import { FacilityWriter } from './infrastructure/facility.writer';
import { IdentityClient } from './infrastructure/identity.client';
import { ProfileAccess } from './infrastructure/profile-access';
import { ProfileWriter } from './infrastructure/profile.writer';
import { facilityIntegrationEvents } from './integration/facility-integration-events';
import { FhirPracticesConsumer } from './integration/fhir-practices.consumer';
import { IdentityAccountsConsumer } from './integration/identity-accounts.consumer';
import { PracticeEventsConsumer } from './integration/practice-events.consumer';
import { directoryIntegrationEvents } from './integration/profile-integration-events';
import { CountFacilitiesHandler } from './list-facilities/count-facilities.handler';
import { GetFacilityHandler } from './list-facilities/get-facility.handler';
import { ListFacilitiesHandler } from './list-facilities/list-facilities.handler';
import { GetUsersHandler } from './list-users/get-users.handler';
import { ExportFacilitiesHandler } from './export-grids/export-facilities.handler';
import { ExportUsersHandler } from './export-grids/export-users.handler';
import { FacilitiesProjection } from './read-models/facilities.projection';
import { FacilitiesQueries } from './read-models/facilities.queries';
import { FhirProjection } from './read-models/fhir/fhir.projection';
import { FhirQueries } from './read-models/fhir/fhir.queries';
import { PracticeMemberships } from './read-models/practice-memberships.queries';
import { ProfilesProjection } from './read-models/profiles.projection';
import { ProfilesQueries } from './read-models/profiles.queries';
import { RegistryDeactivationWatch, registryIntegrationEvents } from './registry/deactivation-watch';
import { REGISTRY_CONFIG, loadRegistryConfig } from './registry/registry.config';
import { NpiRegistry } from './registry/registry';
import { LookupNpiHandler } from './search-registry/lookup-npi.handler';
import { RegistryStatusHandler } from './search-registry/registry-status.handler';
import { SearchRegistryHandler } from './search-registry/search-registry.handler';
import { SearchUsersByNpiHandler } from './search-users/search-users-by-npi.handler';
import { SearchUsersHandler } from './search-users/search-users.handler';
import { directoryStorage } from './storage';
import { SuggestUserNameHandler } from './suggest-user-name/suggest-user-name.handler';
import { UpdateFacilityHandler } from './update-facility/update-facility.handler';
import { GetProfileHandler } from './view-profile/get-profile.handler';
import { UserAvatarHandler } from './view-profile/user-avatar.handler';

/**
 * The directory: profiles and users, facilities, the national provider
 * registry, the FHIR provider directory and its copy of the practices' memberships.
 */
@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'directory',
      ...directoryStorage,
      projections: [ProfilesProjection, FacilitiesProjection, FhirProjection],
      integrationEvents: (e) => directoryIntegrationEvents(e) ?? facilityIntegrationEvents(e) ?? registryIntegrationEvents(e),
    }),
    CqrsModule.forRoot(),
  ],
  controllers: [DirectoryRpcController],
  providers: [
    { provide: REGISTRY_CONFIG, useFactory: () => loadRegistryConfig() },
    NpiRegistry,
    RegistryDeactivationWatch,
    ProfileWriter,
    FacilityWriter,
    ProfilesQueries,
    FacilitiesQueries,
    FhirQueries,
    PracticeMemberships,
    ProfileAccess,
    FacilityDetailsBuilder,
    IdentityClient,
    // Consumers
    IdentityAccountsConsumer,
    PracticeEventsConsumer,
    FhirPracticesConsumer,
    // Commands
    CreateUserHandler,
    UpdateProfileHandler,
    ChangeProfileImageHandler,
    DeleteUserHandler,
    AddFacilityHandler,
    UpdateFacilityHandler,
    DeleteFacilityHandler,
    // Queries
    MayChangeProfileImageHandler,
    GetUsersHandler,
    ExportUsersHandler,
    ExportFacilitiesHandler,
    GetProfileHandler,
    UserAvatarHandler,
    SearchUsersHandler,
    SearchUsersByNpiHandler,
    SuggestUserNameHandler,
    GetFacilityHandler,
    ListFacilitiesHandler,
    CountFacilitiesHandler,
    SearchRegistryHandler,
    LookupNpiHandler,
    RegistryStatusHandler,
    SearchFhirHandler,
    ReadFhirHandler,
    FhirCapabilitiesHandler,
  ],
})
export class DirectoryModule {}
