import type { RecordedEvent } from '@app/event-store';
import { directory } from '@app/contracts';
import type { IntegrationMapper } from '@app/nest-kit';
import type { FacilityEvent } from '../domain/facility.events';

/** What the directory publishes about facilities on `events.directory.Facility*` (contracts: facilities.v1.ts). */
export const facilityIntegrationEvents: IntegrationMapper = (e: RecordedEvent) => {
  const event = { type: e.type, data: e.data } as FacilityEvent;
  switch (event.type) {
    case 'FacilityCreated': {
      const out: directory.FacilityCreatedV1 = { ...event.data };
      return { type: directory.FACILITY_CREATED_V1, data: out };
    }
    case 'FacilityUpdated': {
      const out: directory.FacilityUpdatedV1 = { ...event.data };
      return { type: directory.FACILITY_UPDATED_V1, data: out };
    }
    case 'FacilityDeleted': {
      const out: directory.FacilityDeletedV1 = { ...event.data };
      return { type: directory.FACILITY_DELETED_V1, data: out };
    }
    default:
      return null;
  }
};
