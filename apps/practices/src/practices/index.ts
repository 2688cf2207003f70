import type { Provider } from '@nestjs/common';
import { DirectoryPeopleConsumer } from './directory-people.consumer';
import { PracticeWriter } from './practice.writer';
import { PracticesProjection } from './practices.projection';
import { PracticesQueries } from './practices.queries';
import { PracticesRpcController } from './practices.rpc.controller';
import { PracticesService } from './practices.service';

export { practicesIntegrationEvents } from './integration-events';

/** Practices (issue #12). */
export const practicesControllers = [PracticesRpcController];
export const practicesProjections = [PracticesProjection];
export const practicesProviders: Provider[] = [PracticeWriter, PracticesQueries, PracticesService, DirectoryPeopleConsumer];
