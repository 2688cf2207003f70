import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { practices, type GridExportRequest, type GridQuery } from '@app/contracts';
import { Rpc } from '@app/nest-kit';
import { ChangePracticeImageCommand } from './change-practice-image/change-practice-image.command';
import { MayChangePracticeImageQuery } from './change-practice-image/may-change-practice-image.query';
import { CreatePracticeCommand } from './create-practice/create-practice.command';
import { DeletePracticeCommand } from './delete-practice/delete-practice.command';
import { EditPracticeCommand } from './edit-practice/edit-practice.command';
import { ListPracticesQuery } from './list-practices/list-practices.query';
import { ExportPracticesQuery } from './export-practices/export-practices.query';
import { PracticeNameExistsQuery } from './practice-names/practice-name-exists.query';
import { SuggestPracticeUserNameQuery } from './practice-names/suggest-practice-user-name.query';
import { PracticesByNpiQuery } from './user-practices/practices-by-npi.query';
import { UserPracticesQuery } from './user-practices/user-practices.query';
import { GetPracticeProfileQuery } from './view-practice/get-practice-profile.query';
import { GetPracticeProvidersQuery } from './view-practice/get-practice-providers.query';

const R = practices.PRACTICES_RPC;

/**
 * practices.cmd/qry (the gateway's practice routes; it validated the §5 rules already, this checks
 * the shape again with the contract): each subject parses its payload and dispatches a command
 * or query; the handler beside each use case does the work.
 */
@Controller()
export class PracticesRpcController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Rpc(R.createPractice)
  create(payload: practices.CreatePracticePayload) {
    return this.commandBus.execute(new CreatePracticeCommand(payload));
  }

  @Rpc(R.updatePractice)
  update(payload: practices.UpdatePracticePayload) {
    return this.commandBus.execute(new EditPracticeCommand(payload));
  }

  @Rpc(R.changeImage)
  changeImage(payload: practices.ChangePracticeImagePayload) {
    return this.commandBus.execute(new ChangePracticeImageCommand(payload));
  }

  @Rpc(R.mayChangeImage)
  mayChangeImage(payload: practices.PracticeIdRequest) {
    return this.queryBus.execute(new MayChangePracticeImageQuery(payload));
  }

  @Rpc(R.deletePractice)
  delete(payload: practices.PracticeIdRequest) {
    return this.commandBus.execute(new DeletePracticeCommand(payload));
  }

  @Rpc(R.listPractices)
  list(payload: GridQuery) {
    return this.queryBus.execute(new ListPracticesQuery(payload));
  }

  @Rpc(R.getProfile)
  getProfile(payload: practices.PracticeProfileQuery) {
    return this.queryBus.execute(new GetPracticeProfileQuery(payload));
  }

  @Rpc(R.getProviders)
  providers(payload: practices.PracticeProvidersQuery) {
    return this.queryBus.execute(new GetPracticeProvidersQuery(payload));
  }

  @Rpc(R.userPractices)
  userPractices(payload: practices.UserPracticesQuery) {
    return this.queryBus.execute(new UserPracticesQuery(payload));
  }

  @Rpc(R.byNpis)
  byNpis(payload: practices.PracticesByNpiQuery) {
    return this.queryBus.execute(new PracticesByNpiQuery(payload));
  }

  @Rpc(R.exists)
  exists(payload: practices.ExistsPayload) {
    return this.queryBus.execute(new PracticeNameExistsQuery(payload));
  }

  @Rpc(R.suggestUserName)
  suggestUserName(payload: practices.PracticeUserNameSuggestionQuery) {
    return this.queryBus.execute(new SuggestPracticeUserNameQuery(payload));
  }

  /** A chunk of the practices grid's export (the gateway streams it as CSV). */
  @Rpc(practices.PRACTICES_EXPORT_RPC.exportPractices)
  exportPractices(p: GridExportRequest) {
    return this.queryBus.execute(new ExportPracticesQuery(p));
  }
}
