/**
 * Internal events of the practice aggregate (stream `practice-<practiceId>`). Users are the
 * directory's profiles, named by their id; their names and images are kept in step from the
 * directory's events (a read model), so the events keep only what the practice decided.
 */
import type { practices } from '@app/contracts';

export type AccessType = practices.AccessType;

export type PracticeAddress = { streetAddress1: string | null; suite: string | null; city: string | null; state: string | null; zip: string | null };

export type PracticeDetails = {
  npi: string;
  practiceName: string;
  displayName: string;
  userName: string;
  email: string;
  mailingAddress: PracticeAddress;
  phone: string | null;
  fax: string | null;
  website: string | null;
  profileDescription: string | null;
  bannerImageUrl: string | null;
  avatarImageUrl: string | null;
};

/** What an edit may change (the NPI, email and practice name stay; images have their own event). */
export type PracticeChanges = Partial<Pick<PracticeDetails, 'displayName' | 'userName' | 'mailingAddress' | 'phone' | 'fax' | 'website' | 'profileDescription'>>;

/** A user as the create or edit form named it (the name is the form's copy, a fallback until the directory's arrives). */
export type PracticeUserInput = { userId: string; accessType: AccessType; fullName: string | null; npi: string | null; avatarImageUrl: string | null };

export type PracticeCreated = { type: 'PracticeCreated'; data: { practiceId: string; details: PracticeDetails; createdAt: string; createdBy: string | null } };
export type PracticeProfileUpdated = { type: 'PracticeProfileUpdated'; data: { practiceId: string; changes: PracticeChanges; updatedAt: string; updatedBy: string | null } };
export type PracticeImageChanged = {
  type: 'PracticeImageChanged';
  data: { practiceId: string; image: 'banner' | 'avatar'; url: string; changedAt: string; changedBy: string | null };
};
export type PracticeUserAdded = {
  type: 'PracticeUserAdded';
  data: PracticeUserInput & { practiceId: string; practiceName: string; addedAt: string; addedBy: string | null };
};
export type PracticeUserAccessTypeChanged = {
  type: 'PracticeUserAccessTypeChanged';
  data: { practiceId: string; practiceName: string; userId: string; from: AccessType; to: AccessType; changedAt: string; changedBy: string | null };
};
export type PracticeUserRemoved = {
  type: 'PracticeUserRemoved';
  data: { practiceId: string; practiceName: string; userId: string; removedAt: string; removedBy: string | null };
};
export type PracticeDeleted = { type: 'PracticeDeleted'; data: { practiceId: string; practiceName: string; userIds: string[]; deletedAt: string; deletedBy: string | null } };

export type PracticeEvent =
  | PracticeCreated
  | PracticeProfileUpdated
  | PracticeImageChanged
  | PracticeUserAdded
  | PracticeUserAccessTypeChanged
  | PracticeUserRemoved
  | PracticeDeleted;

export const PRACTICE_EVENT_TYPES: readonly PracticeEvent['type'][] = [
  'PracticeCreated',
  'PracticeProfileUpdated',
  'PracticeImageChanged',
  'PracticeUserAdded',
  'PracticeUserAccessTypeChanged',
  'PracticeUserRemoved',
  'PracticeDeleted',
];
