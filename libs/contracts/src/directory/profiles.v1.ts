/**
 * Integration events of the directory's profiles, on `events.directory.<Name>` (CloudEvents type
 * `directory.<Name>.v1`). A profile's id is its account's id (identity's accountId). No secrets;
 * the drafts of create-user requests stay inside the directory.
 */
import type { MailingAddressV } from './profiles';

export type ProfileDetailsV1 = {
  npi: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  displayName: string | null;
  credentials: string | null;
  specialty: string | null;
  organization: string | null;
  mailingAddress: MailingAddressV;
  phone: string | null;
  fax: string | null;
  website: string | null;
  profileDescription: string | null;
  bannerImageUrl: string | null;
  avatarImageUrl: string | null;
};

/** `events.directory.ProfileCreated`: every account gets one (registration, or the create-user call). */
export const PROFILE_CREATED_V1 = 'ProfileCreated';
export type ProfileCreatedV1 = {
  profileId: string;
  userName: string;
  email: string;
  mobile: string | null;
  roles: { isAdmin: boolean; isProvider: boolean; isMasterAdmin: boolean };
  details: ProfileDetailsV1;
  createdAt: string;
  createdBy: string | null;
};

/** `events.directory.ProfileUpdated`: only the fields that changed (a mailing address whole). */
export const PROFILE_UPDATED_V1 = 'ProfileUpdated';
export type ProfileUpdatedV1 = { profileId: string; changes: Partial<ProfileDetailsV1>; updatedAt: string; updatedBy: string | null };

/** `events.directory.ProfileImageChanged`: a new banner or avatar (a URL under /api/files). */
export const PROFILE_IMAGE_CHANGED_V1 = 'ProfileImageChanged';
export type ProfileImageChangedV1 = { profileId: string; image: 'banner' | 'avatar'; url: string; changedAt: string; changedBy: string | null };

/** `events.directory.ProfileAccountChanged`: the profile's copy of identity's identifiers or roles changed. */
export const PROFILE_ACCOUNT_CHANGED_V1 = 'ProfileAccountChanged';
export type ProfileAccountChangedV1 = {
  profileId: string;
  userName?: string;
  email?: string;
  mobile?: string | null;
  roles?: { isAdmin: boolean; isProvider: boolean; isMasterAdmin: boolean };
  changedAt: string;
};

/** `events.directory.ProfileDeleted` */
export const PROFILE_DELETED_V1 = 'ProfileDeleted';
export type ProfileDeletedV1 = { profileId: string; deletedAt: string; deletedBy: string | null };
