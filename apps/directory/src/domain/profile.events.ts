/**
 * Internal events of the profile aggregate (stream `profile-<accountId>`: a profile shares its
 * id with the identity account it belongs to). Identity owns the sign-in identifiers (email,
 * mobile, user name) and their uniqueness; the profile keeps a copy, updated from identity's
 * integration events. No secrets ever.
 */

export type MailingAddress = {
  streetAddress1: string | null;
  streetAddress2: string | null;
  suite: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

/** What the directory owns about a person. Every value may be absent (null). */
export type ProfileDetails = {
  npi: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  displayName: string | null;
  credentials: string | null;
  specialty: string | null;
  organization: string | null;
  mailingAddress: MailingAddress;
  phone: string | null;
  fax: string | null;
  website: string | null;
  profileDescription: string | null;
  bannerImageUrl: string | null;
  avatarImageUrl: string | null;
};

/** A change of details: only the fields that changed (a mailing address always whole). */
export type ProfileChanges = Partial<ProfileDetails>;

/** The sign-in identifiers as identity last reported them (mobile in E.164). */
export type AccountCopy = { userName: string; email: string; mobile: string | null };

export type ProfileRoles = { isAdmin: boolean; isProvider: boolean; isMasterAdmin: boolean };

/**
 * Step 1 of "create user": the details were recorded before the account was registered in
 * identity. A draft is not a profile (no list shows it); the profile is created from it when the
 * account exists, by the request itself or by identity's AccountRegistered, whichever comes first.
 */
export type ProfileDrafted = {
  type: 'ProfileDrafted';
  data: {
    profileId: string;
    requestKey: string;
    /** A hash of what the request asked for (absent in drafts recorded before it was kept). */
    fingerprint?: string;
    details: ProfileDetails;
    roles: Pick<ProfileRoles, 'isAdmin' | 'isProvider'>;
    draftedAt: string;
    draftedBy: string | null;
  };
};

export type ProfileCreated = {
  type: 'ProfileCreated';
  data: { profileId: string; account: AccountCopy; roles: ProfileRoles; details: ProfileDetails; createdAt: string; createdBy: string | null };
};

export type ProfileUpdated = {
  type: 'ProfileUpdated';
  data: { profileId: string; changes: ProfileChanges; updatedAt: string; updatedBy: string | null };
};

export type ProfileImageChanged = {
  type: 'ProfileImageChanged';
  data: { profileId: string; image: 'banner' | 'avatar'; url: string; changedAt: string; changedBy: string | null };
};

/** Identity reported new sign-in identifiers or roles for the account (only what changed). */
export type ProfileAccountChanged = {
  type: 'ProfileAccountChanged';
  data: { profileId: string; account: Partial<AccountCopy>; roles?: ProfileRoles; changedAt: string };
};

export type ProfileDeleted = {
  type: 'ProfileDeleted';
  data: { profileId: string; deletedAt: string; deletedBy: string | null };
};

export type ProfileEvent = ProfileDrafted | ProfileCreated | ProfileUpdated | ProfileImageChanged | ProfileAccountChanged | ProfileDeleted;
export type ProfileEventType = ProfileEvent['type'];

export const PROFILE_EVENT_TYPES: readonly ProfileEventType[] = [
  'ProfileDrafted',
  'ProfileCreated',
  'ProfileUpdated',
  'ProfileImageChanged',
  'ProfileAccountChanged',
  'ProfileDeleted',
];

export const EMPTY_ADDRESS: MailingAddress = { streetAddress1: null, streetAddress2: null, suite: null, city: null, state: null, zip: null };

export const EMPTY_DETAILS: ProfileDetails = {
  npi: null,
  firstName: null,
  middleName: null,
  lastName: null,
  displayName: null,
  credentials: null,
  specialty: null,
  organization: null,
  mailingAddress: EMPTY_ADDRESS,
  phone: null,
  fax: null,
  website: null,
  profileDescription: null,
  bannerImageUrl: null,
  avatarImageUrl: null,
};
