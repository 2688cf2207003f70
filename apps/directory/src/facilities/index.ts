import type { Provider } from '@nestjs/common';
import { FacilitiesProjection } from './facilities.projection';
import { FacilitiesQueries } from './facilities.queries';
import { FacilitiesRpcController } from './facilities.rpc.controller';
import { FacilitiesService } from './facilities.service';
import { FacilityWriter } from './facility.writer';

export { facilityIntegrationEvents } from './integration-events';

/** Facilities (issue #10): event-sourced, one owner admin each. */
export const facilitiesControllers = [FacilitiesRpcController];
export const facilitiesProjections = [FacilitiesProjection];
export const facilitiesProviders: Provider[] = [FacilityWriter, FacilitiesQueries, FacilitiesService];
