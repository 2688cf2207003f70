import { Module } from '@nestjs/common';
import { DomainServiceModule } from '@app/nest-kit';
import { AccountWriter } from './credentials/account-writer';
import { EnsureMasterAdminHandler } from './ensure-master-admin/ensure-master-admin.handler';
import { identityIntegrationEvents } from './integration-events';
import { AccountQueriesHandler } from './queries/account-queries.handler';
import { SessionLiveHandler } from './queries/session-live.handler';
import { AccountsProjection } from './read-models/accounts.projection';
import { identityStorage } from './storage';


@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'identity',
      ...identityStorage,
      projections: [AccountsProjection],
      integrationEvents: identityIntegrationEvents,
    }),
  ],
  controllers: [EnsureMasterAdminHandler, AccountQueriesHandler, SessionLiveHandler],
  providers: [AccountWriter],
})
export class IdentityModule {}
