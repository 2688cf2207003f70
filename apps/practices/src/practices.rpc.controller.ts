import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Payload } from '@nestjs/microservices';
import { GridQueryRequest, practices } from '@app/contracts';
import { Rpc, parseFields } from '@app/nest-kit';
import { ChangePracticeImageCommand } from './change-practice-image/change-practice-image.command';
import { MayChangePracticeImageQuery } from './change-practice-image/may-change-practice-image.query';
import { CreatePracticeCommand } from './create-practice/create-practice.command';
import { DeletePracticeCommand } from './delete-practice/delete-practice.command';
import { EditPracticeCommand } from './edit-practice/edit-practice.command';
import { ListPracticesQuery } from './list-practices/list-practices.query';
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

  @Rpc('practices', 'cmd', R.createPractice)
  create(@Payload() payload: unknown) {
    return this.commandBus.execute(new CreatePracticeCommand(parseFields(practices.CreatePracticePayload, payload)));
  }

  @Rpc('practices', 'cmd', R.updatePractice)
  update(@Payload() payload: unknown) {
    return this.commandBus.execute(new EditPracticeCommand(parseFields(practices.UpdatePracticePayload, payload)));
  }

  @Rpc('practices', 'cmd', R.changeImage)
  changeImage(@Payload() payload: unknown) {
    return this.commandBus.execute(new ChangePracticeImageCommand(parseFields(practices.ChangePracticeImagePayload, payload)));
  }

  @Rpc('practices', 'qry', R.mayChangeImage)
  mayChangeImage(@Payload() payload: unknown) {
    return this.queryBus.execute(new MayChangePracticeImageQuery(parseFields(practices.PracticeIdRequest, payload)));
  }

  @Rpc('practices', 'cmd', R.deletePractice)
  delete(@Payload() payload: unknown) {
    return this.commandBus.execute(new DeletePracticeCommand(parseFields(practices.PracticeIdRequest, payload)));
  }

  @Rpc('practices', 'qry', R.listPractices)
  list(@Payload() payload: unknown) {
    return this.queryBus.execute(new ListPracticesQuery(parseFields(GridQueryRequest, payload)));
  }

  @Rpc('practices', 'qry', R.getProfile)
  getProfile(@Payload() payload: unknown) {
    return this.queryBus.execute(new GetPracticeProfileQuery(parseFields(practices.PracticeProfileQuery, payload)));
  }

  @Rpc('practices', 'qry', R.getProviders)
  providers(@Payload() payload: unknown) {
    return this.queryBus.execute(new GetPracticeProvidersQuery(parseFields(practices.PracticeProvidersQuery, payload)));
  }

  @Rpc('practices', 'qry', R.userPractices)
  userPractices(@Payload() payload: unknown) {
    return this.queryBus.execute(new UserPracticesQuery(parseFields(practices.UserPracticesQuery, payload)));
  }

  @Rpc('practices', 'qry', R.byNpis)
  byNpis(@Payload() payload: unknown) {
    return this.queryBus.execute(new PracticesByNpiQuery(parseFields(practices.PracticesByNpiQuery, payload)));
  }

  @Rpc('practices', 'qry', R.exists)
  exists(@Payload() payload: unknown) {
    return this.queryBus.execute(new PracticeNameExistsQuery(parseFields(practices.ExistsPayload, payload)));
  }

  @Rpc('practices', 'qry', R.suggestUserName)
  suggestUserName(@Payload() payload: unknown) {
    return this.queryBus.execute(new SuggestPracticeUserNameQuery(parseFields(practices.PracticeUserNameSuggestionQuery, payload)));
  }
}
