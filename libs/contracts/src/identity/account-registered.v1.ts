/**
 * Integration event `events.identity.AccountRegistered` (CloudEvents type identity.AccountRegistered.v1).
 * Carries no secret: no password hash, no codes.
 */
export const ACCOUNT_REGISTERED_V1 = 'AccountRegistered';
export type AccountRegisteredV1 = {
  accountId: string;
  userName: string;
  email: string;
  mobile?: string;
  displayName: string;
  firstName?: string;
  lastName?: string;
  roles: { isAdmin: boolean; isProvider: boolean; isMasterAdmin: boolean; isAuditor: boolean; isCommitteeMember?: boolean; isMedicalDirector?: boolean };
  registeredAt: string;
};
