/** Which profile a signed-in user is acting as. */
export type LoggedInAs = 'admin' | 'provider';

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
 * The user as held after sign-in (spec §3 "Signed-in user"; the `usr` of verify2FaForLogin
 * and isSignedIn). The optional fields are the extras the stored record may carry.
 */
export type SignedInUser = {
  _id: string;
  userName: string;
  displayName: string;
  firstName: string;
  lastName: string;
  /** Shown as 'NPI n/a' when absent. */
  npi?: string;
  email: string;
  mobile: string;
  avatarImageUrl?: string;
  loggedInAs: LoggedInAs;
  isAdmin: boolean;
  isProvider: boolean;
  isMasterAdmin: boolean;
  isAuditor?: boolean;
  organization?: string;
  bannerImageUrl?: string;
  mailingAddress?: MailingAddress;
  phone?: string;
  fax?: string;
  website?: string;
  profileDescription?: string;
  notificationsCount?: number;
  showChatIconBadge?: boolean;
};
