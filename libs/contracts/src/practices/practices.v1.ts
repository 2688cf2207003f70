/**
 * Integration events of practices, on `events.practices.<Name>` (CloudEvents type
 * `practices.<Name>.v1`). User ids are the directory's profile ids (identity's account ids).
 * The user events carry the practice's name so a consumer (notifications) needs no lookup.
 */
import type { AccessType, PracticeAddressV } from './practices';

export type PracticeDetailsV1 = {
  npi: string;
  practiceName: string;
  displayName: string;
  userName: string;
  email: string;
  mailingAddress: PracticeAddressV;
  phone: string | null;
  fax: string | null;
  website: string | null;
  profileDescription: string | null;
  bannerImageUrl: string | null;
  avatarImageUrl: string | null;
};

export const PRACTICE_CREATED_V1 = 'PracticeCreated';
export type PracticeCreatedV1 = { practiceId: string; details: PracticeDetailsV1; createdAt: string; createdBy: string | null };

/** Only the fields that changed (a mailing address whole). */
export const PRACTICE_UPDATED_V1 = 'PracticeUpdated';
export type PracticeUpdatedV1 = { practiceId: string; changes: Partial<PracticeDetailsV1>; updatedAt: string; updatedBy: string | null };

export const PRACTICE_IMAGE_CHANGED_V1 = 'PracticeImageChanged';
export type PracticeImageChangedV1 = { practiceId: string; image: 'banner' | 'avatar'; url: string; changedAt: string; changedBy: string | null };

/** A user was added to a practice with an access type. */
export const PRACTICE_USER_ADDED_V1 = 'PracticeUserAdded';
export type PracticeUserAddedV1 = { practiceId: string; practiceName: string; userId: string; accessType: AccessType; addedAt: string; addedBy: string | null };

export const PRACTICE_USER_ACCESS_TYPE_CHANGED_V1 = 'PracticeUserAccessTypeChanged';
export type PracticeUserAccessTypeChangedV1 = {
  practiceId: string;
  practiceName: string;
  userId: string;
  from: AccessType;
  to: AccessType;
  changedAt: string;
  changedBy: string | null;
};

export const PRACTICE_USER_REMOVED_V1 = 'PracticeUserRemoved';
export type PracticeUserRemovedV1 = { practiceId: string; practiceName: string; userId: string; removedAt: string; removedBy: string | null };

export const PRACTICE_DELETED_V1 = 'PracticeDeleted';
export type PracticeDeletedV1 = { practiceId: string; practiceName: string; userIds: string[]; deletedAt: string; deletedBy: string | null };
