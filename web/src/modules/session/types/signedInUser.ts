import type { identity } from '@app/contracts';

/** Which profile a signed-in user is acting as. */
export type LoggedInAs = identity.SignedInUser['loggedInAs'];

/** Mailing address as carried on the stored user record. */
export type MailingAddress = {
  streetAddress1?: string;
  streetAddress2?: string;
  suite?: string;
  city?: string;
  state?: string;
  zip?: string;
};

/**
 * The user as held after sign-in (spec §3 "Signed-in user"): the `usr` of verify2FaForLogin
 * and isSignedIn (from @app/contracts), plus the extras the stored record may carry once the
 * profile screens load them.
 */
export type SignedInUser = Omit<identity.SignedInUser, 'npi' | 'avatarImageUrl' | 'isAuditor' | 'notificationsCount'> & {
  /** Shown as 'NPI n/a' when absent. */
  npi?: string | null;
  avatarImageUrl?: string;
  isAuditor?: boolean;
  notificationsCount?: number;
  organization?: string;
  bannerImageUrl?: string;
  mailingAddress?: MailingAddress;
  phone?: string;
  fax?: string;
  website?: string;
  profileDescription?: string;
  showChatIconBadge?: boolean;
};
