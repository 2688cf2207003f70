/**
 * Integration events identity publishes about an account's security, for the notifications
 * service and for integrators: `events.identity.<Name>` (CloudEvents type identity.<Name>.v1).
 * They carry the request metadata of the action, never a secret (no password, hash, code, token).
 */
export type RequestMetaV1 = { browser?: string; os?: string; ip?: string };

export const SIGN_IN_SUCCEEDED_V1 = 'SignInSucceeded';
export type SignInSucceededV1 = {
  accountId: string;
  sessionId: string;
  occurredAt: string;
  request: RequestMetaV1;
  /** True when this browser/OS/IP combination was not seen before for the account. */
  newDevice?: boolean;
};

export const PASSWORD_CHANGED_V1 = 'PasswordChanged';
export type PasswordChangedV1 = { accountId: string; occurredAt: string; request: RequestMetaV1; via: 'reset' | 'change' };

export const EMAIL_CHANGED_V1 = 'EmailChanged';
export type EmailChangedV1 = { accountId: string; occurredAt: string; request: RequestMetaV1; email: string };

export const MOBILE_CHANGED_V1 = 'MobileChanged';
export type MobileChangedV1 = { accountId: string; occurredAt: string; request: RequestMetaV1; mobile: string };
