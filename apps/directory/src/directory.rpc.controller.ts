import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Payload } from '@nestjs/microservices';
import { GridQueryRequest, directory } from '@app/contracts';
import { Rpc, parseFields, parsePayload } from '@app/nest-kit';
import { AddFacilityCommand } from './add-facility/add-facility.command';
import { ChangeProfileImageCommand } from './change-profile-image/change-profile-image.command';
import { MayChangeProfileImageQuery } from './change-profile-image/may-change-profile-image.query';
import { CreateUserCommand } from './create-user/create-user.command';
import { DeleteFacilityCommand } from './delete-facility/delete-facility.command';
import { DeleteUserCommand } from './delete-user/delete-user.command';
import { UpdateProfileCommand } from './edit-profile/update-profile.command';
import { FhirCapabilitiesQuery } from './fhir-directory/fhir-capabilities.query';
import { ReadFhirQuery } from './fhir-directory/read-fhir.query';
import { SearchFhirQuery } from './fhir-directory/search-fhir.query';
import { CountFacilitiesQuery } from './list-facilities/count-facilities.query';
import { GetFacilityQuery } from './list-facilities/get-facility.query';
import { ListFacilitiesQuery } from './list-facilities/list-facilities.query';
import { GetUsersQuery } from './list-users/get-users.query';
import { LookupNpiQuery } from './search-registry/lookup-npi.query';
import { RegistryStatusQuery } from './search-registry/registry-status.query';
import { SearchRegistryQuery } from './search-registry/search-registry.query';
import { SearchUsersByNpiQuery } from './search-users/search-users-by-npi.query';
import { SearchUsersQuery } from './search-users/search-users.query';
import { SuggestUserNameQuery } from './suggest-user-name/suggest-user-name.query';
import { UpdateFacilityCommand } from './update-facility/update-facility.command';
import { GetProfileQuery } from './view-profile/get-profile.query';
import { UserAvatarQuery } from './view-profile/user-avatar.query';

const P = directory.PROFILES_RPC;
const F = directory.FACILITIES_RPC;

/**
 * directory.cmd/qry (the gateway's /users, facility, registry and /fhir routes): each subject
 * parses its payload with the contract and dispatches a command or query; the handler beside
 * each use case does the work.
 */
@Controller()
export class DirectoryRpcController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  // --- profiles and users ---------------------------------------------------------------------

  @Rpc('directory', 'cmd', P.createUser)
  createUser(@Payload() payload: unknown) {
    return this.commandBus.execute(new CreateUserCommand(parseFields(directory.CreateUserPayload, payload)));
  }

  @Rpc('directory', 'cmd', P.updateProfile)
  updateProfile(@Payload() payload: unknown) {
    return this.commandBus.execute(new UpdateProfileCommand(parsePayload(directory.UpdateProfilePayload, payload)));
  }

  @Rpc('directory', 'cmd', P.changeImage)
  changeImage(@Payload() payload: unknown) {
    return this.commandBus.execute(new ChangeProfileImageCommand(parseFields(directory.ChangeImagePayload, payload)));
  }

  @Rpc('directory', 'qry', P.mayChangeImage)
  mayChangeImage(@Payload() payload: unknown) {
    return this.queryBus.execute(new MayChangeProfileImageQuery(parseFields(directory.ImageTargetRequest, payload)));
  }

  @Rpc('directory', 'cmd', P.deleteUser)
  deleteUser(@Payload() payload: unknown) {
    return this.commandBus.execute(new DeleteUserCommand(parseFields(directory.UserIdRequest, payload)));
  }

  @Rpc('directory', 'qry', P.getUsers)
  getUsers(@Payload() payload: unknown) {
    return this.queryBus.execute(new GetUsersQuery(parseFields(GridQueryRequest, payload)));
  }

  @Rpc('directory', 'qry', P.getProfile)
  getProfile(@Payload() payload: unknown) {
    return this.queryBus.execute(new GetProfileQuery(parseFields(directory.UserIdRequest, payload)));
  }

  @Rpc('directory', 'qry', P.suggestUserName)
  suggestUserName(@Payload() payload: unknown) {
    return this.queryBus.execute(new SuggestUserNameQuery(parseFields(directory.UserNameSuggestionQuery, payload)));
  }

  @Rpc('directory', 'qry', P.userAvatar)
  userAvatar(@Payload() payload: unknown) {
    return this.queryBus.execute(new UserAvatarQuery(parseFields(directory.UserAvatarQuery, payload)));
  }

  @Rpc('directory', 'qry', P.searchUsers)
  searchUsers(@Payload() payload: unknown) {
    return this.queryBus.execute(new SearchUsersQuery(parseFields(directory.SearchUsersQuery, payload)));
  }

  @Rpc('directory', 'qry', P.searchUsersByNpi)
  searchUsersByNpi(@Payload() payload: unknown) {
    return this.queryBus.execute(new SearchUsersByNpiQuery(parseFields(directory.SearchUsersByNpiQuery, payload)));
  }

  // --- facilities (an admin's own) ------------------------------------------------------------

  @Rpc('directory', 'cmd', F.addFacility)
  addFacility(@Payload() payload: unknown) {
    return this.commandBus.execute(new AddFacilityCommand(parseFields(directory.AddFacilityPayload, payload)));
  }

  @Rpc('directory', 'cmd', F.updateFacility)
  updateFacility(@Payload() payload: unknown) {
    return this.commandBus.execute(new UpdateFacilityCommand(parseFields(directory.UpdateFacilityPayload, payload)));
  }

  @Rpc('directory', 'cmd', F.deleteFacility)
  deleteFacility(@Payload() payload: unknown) {
    return this.commandBus.execute(new DeleteFacilityCommand(parseFields(directory.FacilityIdRequest, payload)));
  }

  @Rpc('directory', 'qry', F.getFacility)
  getFacility(@Payload() payload: unknown) {
    return this.queryBus.execute(new GetFacilityQuery(parseFields(directory.FacilityIdRequest, payload)));
  }

  @Rpc('directory', 'qry', F.getFacilities)
  getFacilities(@Payload() payload: unknown) {
    return this.queryBus.execute(new ListFacilitiesQuery(parseFields(directory.AllFacilitiesRequest, payload)));
  }

  @Rpc('directory', 'qry', F.countFacilities)
  countFacilities(@Payload() payload: unknown) {
    return this.queryBus.execute(new CountFacilitiesQuery(parseFields(directory.AllFacilitiesRequest, payload)));
  }

  // --- the national provider registry ---------------------------------------------------------

  @Rpc('directory', 'qry', directory.REGISTRY_RPC.search)
  searchRegistry(@Payload() payload: unknown) {
    return this.queryBus.execute(new SearchRegistryQuery(parseFields(directory.RegistrySearchRequest, payload)));
  }

  @Rpc('directory', 'qry', directory.REGISTRY_RPC.lookup)
  lookupNpi(@Payload() payload: unknown) {
    return this.queryBus.execute(new LookupNpiQuery(parseFields(directory.RegistryLookupRequest, payload)));
  }

  @Rpc('directory', 'qry', directory.REGISTRY_RPC.status)
  registryStatus() {
    return this.queryBus.execute(new RegistryStatusQuery());
  }

  // --- the FHIR provider directory ------------------------------------------------------------

  @Rpc('directory', 'qry', directory.FHIR_RPC.search)
  searchFhir(@Payload() payload: unknown) {
    return this.queryBus.execute(new SearchFhirQuery(parseFields(directory.FhirSearchRequest, payload)));
  }

  @Rpc('directory', 'qry', directory.FHIR_RPC.read)
  readFhir(@Payload() payload: unknown) {
    return this.queryBus.execute(new ReadFhirQuery(parseFields(directory.FhirReadRequest, payload)));
  }

  @Rpc('directory', 'qry', directory.FHIR_RPC.capabilities)
  fhirCapabilities(@Payload() payload: unknown) {
    return this.queryBus.execute(new FhirCapabilitiesQuery(parseFields(directory.FhirCapabilitiesRequest, payload)));
  }
}
