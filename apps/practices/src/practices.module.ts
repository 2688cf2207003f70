import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DomainServiceModule } from '@app/nest-kit';
import { ChangePracticeImageHandler } from './change-practice-image/change-practice-image.handler';
import { MayChangePracticeImageHandler } from './change-practice-image/may-change-practice-image.handler';
import { CreatePracticeHandler } from './create-practice/create-practice.handler';
import { DeletePracticeHandler } from './delete-practice/delete-practice.handler';
import { EditPracticeHandler } from './edit-practice/edit-practice.handler';
import { PracticeAccess } from './infrastructure/practice-access';
import { PracticeWriter } from './infrastructure/practice.writer';
import { DirectoryPeopleConsumer } from './integration/directory-people.consumer';
import { practicesIntegrationEvents } from './integration/integration-events';
import { ListPracticesHandler } from './list-practices/list-practices.handler';
import { ExportPracticesHandler } from './export-practices/export-practices.handler';
import { PracticeNameExistsHandler } from './practice-names/practice-name-exists.handler';
import { SuggestPracticeUserNameHandler } from './practice-names/suggest-practice-user-name.handler';
import { PracticesRpcController } from './practices.rpc.controller';
import { PracticesProjection } from './read-models/practices.projection';
import { PracticesQueries } from './read-models/practices.queries';
import { practicesStorage } from './storage';
import { PracticesByNpiHandler } from './user-practices/practices-by-npi.handler';
import { UserPracticesHandler } from './user-practices/user-practices.handler';
import { GetPracticeProfileHandler } from './view-practice/get-practice-profile.handler';
import { GetPracticeProvidersHandler } from './view-practice/get-practice-providers.handler';

/** Practices: event-sourced practices and their users; the directory's people from its events. */
@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'practices',
      ...practicesStorage,
      projections: [PracticesProjection],
      integrationEvents: practicesIntegrationEvents,
    }),
    CqrsModule.forRoot(),
  ],
  controllers: [PracticesRpcController],
  providers: [
    PracticeWriter,
    PracticesQueries,
    PracticeAccess,
    DirectoryPeopleConsumer,
    // Commands
    CreatePracticeHandler,
    EditPracticeHandler,
    ChangePracticeImageHandler,
    DeletePracticeHandler,
    // Queries
    MayChangePracticeImageHandler,
    ListPracticesHandler,
    ExportPracticesHandler,
    GetPracticeProfileHandler,
    GetPracticeProvidersHandler,
    UserPracticesHandler,
    PracticesByNpiHandler,
    PracticeNameExistsHandler,
    SuggestPracticeUserNameHandler,
  ],
})
export class PracticesModule {}
