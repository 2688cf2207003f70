import type { RequestMetaDataV1 } from './sign-in-succeeded.v1';

/** `events.identity.PasswordChanged` (identity.PasswordChanged.v1): by verification code or reset. No hash. */
export const PASSWORD_CHANGED_V1 = 'PasswordChanged';
export type PasswordChangedV1 = {
  accountId: string;
  via: 'verification-code' | 'temporary-password';
  changedAt: string;
  requestMetaData: RequestMetaDataV1;
};

/** `events.identity.EmailChanged` (identity.EmailChanged.v1) */
export const EMAIL_CHANGED_V1 = 'EmailChanged';
export type EmailChangedV1 = { accountId: string; email: string; previousEmail: string; changedAt: string; requestMetaData: RequestMetaDataV1 };

/** `events.identity.MobileChanged` (identity.MobileChanged.v1); mobiles in E.164. */
export const MOBILE_CHANGED_V1 = 'MobileChanged';
export type MobileChangedV1 = {
  accountId: string;
  mobile: string;
  previousMobile: string | null;
  changedAt: string;
  requestMetaData: RequestMetaDataV1;
};

/** `events.identity.UserNameChanged` (identity.UserNameChanged.v1): from the profile (owner or master admin). */
export const USER_NAME_CHANGED_V1 = 'UserNameChanged';
export type UserNameChangedV1 = { accountId: string; userName: string; previousUserName: string; changedAt: string; requestMetaData: RequestMetaDataV1 };

/** `events.identity.AccountRolesChanged` (identity.AccountRolesChanged.v1) */
export const ACCOUNT_ROLES_CHANGED_V1 = 'AccountRolesChanged';
export type AccountRolesChangedV1 = {
  accountId: string;
  roles: { isAdmin: boolean; isProvider: boolean; isMasterAdmin: boolean; isAuditor: boolean; isCommitteeMember?: boolean; isMedicalDirector?: boolean };
  changedBy: string | null;
  changedAt: string;
};
