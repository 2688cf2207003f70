import type { RecordedEvent } from '@app/event-store';
import { directory } from '@app/contracts';
import type { IntegrationMapper } from '@app/nest-kit';
import type { ProfileEvent } from '../domain/profile.events';

/**
 * What the directory publishes on `events.directory.*` (contracts: libs/contracts/src/directory/
 * profiles.v1.ts). Drafts of create-user requests stay inside.
 */
export const directoryIntegrationEvents: IntegrationMapper = (e: RecordedEvent) => {
  const event = { type: e.type, data: e.data } as ProfileEvent;
  switch (event.type) {
    case 'ProfileCreated': {
      const d = event.data;
      const out: directory.ProfileCreatedV1 = {
        profileId: d.profileId,
        userName: d.account.userName,
        email: d.account.email,
        mobile: d.account.mobile,
        roles: d.roles,
        details: d.details,
        createdAt: d.createdAt,
        createdBy: d.createdBy,
      };
      return { type: directory.PROFILE_CREATED_V1, data: out };
    }
    case 'ProfileUpdated': {
      const out: directory.ProfileUpdatedV1 = { ...event.data };
      return { type: directory.PROFILE_UPDATED_V1, data: out };
    }
    case 'ProfileImageChanged': {
      const out: directory.ProfileImageChangedV1 = { ...event.data };
      return { type: directory.PROFILE_IMAGE_CHANGED_V1, data: out };
    }
    case 'ProfileAccountChanged': {
      const d = event.data;
      const out: directory.ProfileAccountChangedV1 = { profileId: d.profileId, ...d.account, ...(d.roles ? { roles: d.roles } : {}), changedAt: d.changedAt };
      return { type: directory.PROFILE_ACCOUNT_CHANGED_V1, data: out };
    }
    case 'ProfileDeleted': {
      const out: directory.ProfileDeletedV1 = { ...event.data };
      return { type: directory.PROFILE_DELETED_V1, data: out };
    }
    default:
      return null;
  }
};
