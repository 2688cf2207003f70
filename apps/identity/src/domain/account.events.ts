/**
 * Internal events of the account aggregate (stream `account-<id>`). They never hold a secret:
 * password hashes, codes, temporary passwords and challenge tokens live hashed in the
 * credential tables, written in the same transaction as the events.
 */
export type AccountRoles = {
  isAdmin: boolean;
  isProvider: boolean;
  isMasterAdmin: boolean;
  isAuditor: boolean;
  /** The credentialing committee's roles, designated by the master admin (absent: not held). */
  isCommitteeMember?: boolean;
  isMedicalDirector?: boolean;
};

/** Where a one-time code went. `sentTo` is masked (phone: last 4 digits; email: first letter and domain). */
export type CodeChannel = 'sms' | 'email';

/** What an account-dialog verification code is for. */
export type VerificationPurpose = 'email-change' | 'password-change' | 'mobile-change';

export type SessionRevocationReason = 'password-changed' | 'password-reset' | 'email-changed' | 'mobile-changed';

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
    /** Registered with a password someone chose (self-registration, the master admin); absent in older events and when the password was generated. */
    passwordChosen?: boolean;
    registeredAt: string;
  };
};

/** The password was right: a second-factor challenge was opened and its code sent. */
export type SignInCodeIssued = {
  type: 'SignInCodeIssued';
  data: { accountId: string; challengeId: string; channel: CodeChannel; sentTo: string; issuedAt: string; expiresAt: string };
};

/** 'Send new code': a fresh code for the same challenge (the old one stops working). */
export type SignInCodeResent = {
  type: 'SignInCodeResent';
  data: { accountId: string; challengeId: string; channel: CodeChannel; sentTo: string; resentAt: string; resends: number };
};

/** A wrong, late or reused code. After the fifth wrong code the challenge is dead. */
export type SignInCodeRejected = {
  type: 'SignInCodeRejected';
  data: {
    accountId: string;
    challengeId: string;
    reason: 'wrong-code' | 'expired' | 'challenge-closed';
    failures: number;
    challengeDead: boolean;
    rejectedAt: string;
  };
};

/** The second factor was verified: a session was opened. */
export type SignInSucceeded = {
  type: 'SignInSucceeded';
  data: { accountId: string; challengeId: string; sessionId: string; signedInAt: string; expiresAt: string };
};

export type SignedOut = {
  type: 'SignedOut';
  data: { accountId: string; sessionId: string; signedOutAt: string };
};

/** The server ended sessions (credential change or reset); their tokens answer 401 from now on. */
export type SessionsRevoked = {
  type: 'SessionsRevoked';
  data: { accountId: string; sessionIds: string[]; reason: SessionRevocationReason; revokedAt: string };
};

export type TemporaryPasswordIssued = {
  type: 'TemporaryPasswordIssued';
  data: { accountId: string; temporaryPasswordId: string; sentTo: string; issuedAt: string; expiresAt: string };
};

export type PasswordResetFailed = {
  type: 'PasswordResetFailed';
  data: {
    accountId: string;
    temporaryPasswordId: string | null;
    reason: 'wrong-temporary-password' | 'expired' | 'no-temporary-password';
    failures: number;
    temporaryPasswordDead: boolean;
    failedAt: string;
  };
};

/** The password was set with a temporary password. */
export type PasswordReset = {
  type: 'PasswordReset';
  data: { accountId: string; temporaryPasswordId: string; resetAt: string };
};

/** Step 1 of the change-email and change-mobile dialogs: the password was confirmed in this session. */
export type Reauthenticated = {
  type: 'Reauthenticated';
  data: { accountId: string; sessionId: string; reauthenticatedAt: string };
};

export type ReauthenticationFailed = {
  type: 'ReauthenticationFailed';
  data: { accountId: string; sessionId: string; failedAt: string };
};

/** A verification code for an account dialog. `target`: the new email or mobile (password: the account email). */
export type VerificationCodeIssued = {
  type: 'VerificationCodeIssued';
  data: {
    accountId: string;
    purpose: VerificationPurpose;
    codeId: string;
    target: string;
    channel: CodeChannel;
    sentTo: string;
    sessionId: string | null;
    issuedAt: string;
    expiresAt: string;
  };
};

export type VerificationCodeRejected = {
  type: 'VerificationCodeRejected';
  data: {
    accountId: string;
    purpose: VerificationPurpose;
    codeId: string | null;
    reason: 'wrong-code' | 'expired' | 'no-code' | 'other-target';
    failures: number;
    codeDead: boolean;
    rejectedAt: string;
  };
};

export type PasswordChanged = {
  type: 'PasswordChanged';
  data: { accountId: string; codeId: string; changedAt: string };
};

export type EmailChanged = {
  type: 'EmailChanged';
  data: { accountId: string; codeId: string; previousEmail: string; email: string; changedAt: string };
};

export type MobileChanged = {
  type: 'MobileChanged';
  data: { accountId: string; codeId: string; previousMobile: string | null; mobile: string; changedAt: string };
};

/** A new user name (unique: claimed in the store's claims in the same transaction). */
export type UserNameChanged = {
  type: 'UserNameChanged';
  data: { accountId: string; previousUserName: string; userName: string; changedAt: string };
};

export type AccountRolesChanged = {
  type: 'AccountRolesChanged';
  data: { accountId: string; roles: AccountRoles; changedBy: string | null; changedAt: string };
};

export type AccountEvent =
  | AccountRegistered
  | SignInCodeIssued
  | SignInCodeResent
  | SignInCodeRejected
  | SignInSucceeded
  | SignedOut
  | SessionsRevoked
  | TemporaryPasswordIssued
  | PasswordResetFailed
  | PasswordReset
  | Reauthenticated
  | ReauthenticationFailed
  | VerificationCodeIssued
  | VerificationCodeRejected
  | PasswordChanged
  | EmailChanged
  | MobileChanged
  | UserNameChanged
  | AccountRolesChanged;

export type AccountEventType = AccountEvent['type'];

/**
 * Failed sign-ins are kept out of the account stream (an attacker could otherwise grow it
 * without bound): stream `signin-failures-<accountId>` for known accounts and
 * `signin-failures-unknown-<HMAC-SHA256 of the identifier>` for identifiers that match no account.
 */
export type SignInFailed = {
  type: 'SignInFailed';
  data: {
    accountId: string | null;
    /** HMAC-SHA256 (IDENTIFIER_HASH_KEY) of the lower-cased identifier typed (never the identifier itself: users type passwords there). */
    identifierHash: string;
    reason: 'wrong-password' | 'unknown-account';
    /** This failure started a temporary delay for the identifier and IP. */
    throttled: boolean;
    retryAfterSeconds: number | null;
    failedAt: string;
  };
};

export const ACCOUNT_EVENT_TYPES: readonly AccountEventType[] = [
  'AccountRegistered',
  'SignInCodeIssued',
  'SignInCodeResent',
  'SignInCodeRejected',
  'SignInSucceeded',
  'SignedOut',
  'SessionsRevoked',
  'TemporaryPasswordIssued',
  'PasswordResetFailed',
  'PasswordReset',
  'Reauthenticated',
  'ReauthenticationFailed',
  'VerificationCodeIssued',
  'VerificationCodeRejected',
  'PasswordChanged',
  'EmailChanged',
  'MobileChanged',
  'UserNameChanged',
  'AccountRolesChanged',
];
