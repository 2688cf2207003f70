/**
 * Internal events of the account aggregate (stream `account-<id>`). They never hold a secret:
 * password hashes live in the credential store, written in the same transaction.
 */
export type AccountRoles = { isAdmin: boolean; isProvider: boolean; isMasterAdmin: boolean; isAuditor: boolean };

export type AccountRegistered = {
  type: 'AccountRegistered';
  data: {
    accountId: string;
    userName: string;
    email: string;
    mobile?: string;
    displayName: string;
    firstName?: string;
    lastName?: string;
    roles: AccountRoles;
    registeredAt: string;
  };
};

export type AccountEvent = AccountRegistered;
