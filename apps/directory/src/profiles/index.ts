import type { Provider } from '@nestjs/common';
import { IdentityAccountsConsumer } from './identity-accounts.consumer';
import { IdentityClient } from './identity.client';
import { ProfileWriter } from './profile.writer';
import { ProfilesProjection } from './profiles.projection';
import { ProfilesQueries } from './profiles.queries';
import { ProfilesRpcController } from './profiles.rpc.controller';
import { ProfilesService } from './profiles.service';

export { directoryIntegrationEvents } from './integration-events';

/** Profiles and users (issue #11). */
export const profilesControllers = [ProfilesRpcController];
export const profilesProjections = [ProfilesProjection];
export const profilesProviders: Provider[] = [ProfileWriter, ProfilesQueries, ProfilesService, IdentityClient, IdentityAccountsConsumer];
