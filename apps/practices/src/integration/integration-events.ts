import type { RecordedEvent } from '@app/event-store';
import { practices } from '@app/contracts';
import type { IntegrationMapper } from '@app/nest-kit';
import type { PracticeEvent } from '../domain/practice.events';

/** What practices publishes on `events.practices.*` (contracts: libs/contracts/src/practices/practices.v1.ts). */
export const practicesIntegrationEvents: IntegrationMapper = (e: RecordedEvent) => {
  const event = { type: e.type, data: e.data } as PracticeEvent;
  switch (event.type) {
    case 'PracticeCreated': {
      const out: practices.PracticeCreatedV1 = { ...event.data };
      return { type: practices.PRACTICE_CREATED_V1, data: out };
    }
    case 'PracticeProfileUpdated': {
      const out: practices.PracticeUpdatedV1 = { ...event.data };
      return { type: practices.PRACTICE_UPDATED_V1, data: out };
    }
    case 'PracticeImageChanged': {
      const out: practices.PracticeImageChangedV1 = { ...event.data };
      return { type: practices.PRACTICE_IMAGE_CHANGED_V1, data: out };
    }
    case 'PracticeUserAdded': {
      const d = event.data;
      const out: practices.PracticeUserAddedV1 = { practiceId: d.practiceId, practiceName: d.practiceName, userId: d.userId, accessType: d.accessType, addedAt: d.addedAt, addedBy: d.addedBy };
      return { type: practices.PRACTICE_USER_ADDED_V1, data: out };
    }
    case 'PracticeUserAccessTypeChanged': {
      const out: practices.PracticeUserAccessTypeChangedV1 = { ...event.data };
      return { type: practices.PRACTICE_USER_ACCESS_TYPE_CHANGED_V1, data: out };
    }
    case 'PracticeUserRemoved': {
      const out: practices.PracticeUserRemovedV1 = { ...event.data };
      return { type: practices.PRACTICE_USER_REMOVED_V1, data: out };
    }
    case 'PracticeDeleted': {
      const out: practices.PracticeDeletedV1 = { ...event.data };
      return { type: practices.PRACTICE_DELETED_V1, data: out };
    }
    default:
      return null;
  }
};
