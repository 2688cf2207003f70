import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { directory, type GridExportRequest, type GridQuery } from '@app/contracts';
import { Rpc } from '@app/nest-kit';
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
import { ExportFacilitiesQuery } from './export-grids/export-facilities.query';
import { ExportUsersQuery } from './export-grids/export-users.query';
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
const X = directory.DIRECTORY_EXPORT_RPC;

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

  @Rpc(P.createUser)
  createUser(payload: directory.CreateUserPayload) {
    return this.commandBus.execute(new CreateUserCommand(payload));
  }

  @Rpc(P.updateProfile)
  updateProfile(payload: directory.UpdateProfilePayload) {
    return this.commandBus.execute(new UpdateProfileCommand(payload));
  }

  @Rpc(P.changeImage)
  changeImage(payload: directory.ChangeImagePayload) {
    return this.commandBus.execute(new ChangeProfileImageCommand(payload));
  }

  @Rpc(P.mayChangeImage)
  mayChangeImage(payload: directory.ImageTargetRequest) {
    return this.queryBus.execute(new MayChangeProfileImageQuery(payload));
  }

  @Rpc(P.deleteUser)
  deleteUser(payload: directory.UserIdRequest) {
    return this.commandBus.execute(new DeleteUserCommand(payload));
  }

  @Rpc(P.getUsers)
  getUsers(payload: GridQuery) {
    return this.queryBus.execute(new GetUsersQuery(payload));
  }

  @Rpc(P.getProfile)
  getProfile(payload: directory.UserIdRequest) {
    return this.queryBus.execute(new GetProfileQuery(payload));
  }

  @Rpc(P.suggestUserName)
  suggestUserName(payload: directory.UserNameSuggestionQuery) {
    return this.queryBus.execute(new SuggestUserNameQuery(payload));
  }

  @Rpc(P.userAvatar)
  userAvatar(payload: directory.UserAvatarQuery) {
    return this.queryBus.execute(new UserAvatarQuery(payload));
  }

  @Rpc(P.searchUsers)
  searchUsers(payload: directory.SearchUsersQuery) {
    return this.queryBus.execute(new SearchUsersQuery(payload));
  }

  @Rpc(P.searchUsersByNpi)
  searchUsersByNpi(payload: directory.SearchUsersByNpiQuery) {
    return this.queryBus.execute(new SearchUsersByNpiQuery(payload));
  }

  // --- facilities (an admin's own) ------------------------------------------------------------

  @Rpc(F.addFacility)
  addFacility(payload: directory.AddFacilityPayload) {
    return this.commandBus.execute(new AddFacilityCommand(payload));
  }

  @Rpc(F.updateFacility)
  updateFacility(payload: directory.UpdateFacilityPayload) {
    return this.commandBus.execute(new UpdateFacilityCommand(payload));
  }

  @Rpc(F.deleteFacility)
  deleteFacility(payload: directory.FacilityIdRequest) {
    return this.commandBus.execute(new DeleteFacilityCommand(payload));
  }

  @Rpc(F.getFacility)
  getFacility(payload: directory.FacilityIdRequest) {
    return this.queryBus.execute(new GetFacilityQuery(payload));
  }

  @Rpc(F.getFacilities)
  getFacilities(payload: directory.AllFacilitiesRequest) {
    return this.queryBus.execute(new ListFacilitiesQuery(payload));
  }

  @Rpc(F.countFacilities)
  countFacilities(payload: directory.AllFacilitiesRequest) {
    return this.queryBus.execute(new CountFacilitiesQuery(payload));
  }

  // --- the national provider registry ---------------------------------------------------------

  @Rpc(directory.REGISTRY_RPC.search)
  searchRegistry(payload: directory.RegistrySearchRequest) {
    return this.queryBus.execute(new SearchRegistryQuery(payload));
  }

  @Rpc(directory.REGISTRY_RPC.lookup)
  lookupNpi(payload: directory.RegistryLookupRequest) {
    return this.queryBus.execute(new LookupNpiQuery(payload));
  }

  @Rpc(directory.REGISTRY_RPC.status)
  registryStatus() {
    return this.queryBus.execute(new RegistryStatusQuery());
  }

  // --- the FHIR provider directory ------------------------------------------------------------

  @Rpc(directory.FHIR_RPC.search)
  searchFhir(payload: directory.FhirSearchRequest) {
    return this.queryBus.execute(new SearchFhirQuery(payload));
  }

  @Rpc(directory.FHIR_RPC.read)
  readFhir(payload: directory.FhirReadRequest) {
    return this.queryBus.execute(new ReadFhirQuery(payload));
  }

  @Rpc(directory.FHIR_RPC.capabilities)
  fhirCapabilities(payload: directory.FhirCapabilitiesRequest) {
    return this.queryBus.execute(new FhirCapabilitiesQuery(payload));
  }

  /** A chunk of the users grid's export (the gateway streams it as CSV). */
  @Rpc(X.exportUsers)
  exportUsers(payload: GridExportRequest) {
    return this.queryBus.execute(new ExportUsersQuery(payload));
  }

  /** A chunk of the facilities grid's export (the gateway streams it as CSV). */
  @Rpc(X.exportFacilities)
  exportFacilities(payload: GridExportRequest) {
    return this.queryBus.execute(new ExportFacilitiesQuery(payload));
  }
}
