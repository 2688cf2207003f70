/**
 * Reply shapes of the identity calls: over NATS (RPC) and, where the gateway passes them on,
 * over HTTP. HTTP field names are exactly the spec's (§7).
 */

/** The signed-in user as the web holds it (spec §3), plus isAuditor and notificationsCount. */
export type SignedInUser = {
  _id: string;
  userName: string;
  displayName: string;
  firstName: string;
  lastName: string;
  /** Owned by the directory service; null until a profile carries one ('NPI n/a'). */
  npi: string | null;
  email: string;
  /** E.164, e.g. +12025550123; empty when the account has none. */
  mobile: string;
  /** Owned by the directory service; empty until a profile carries one. */
  avatarImageUrl: string;
  loggedInAs: 'admin' | 'provider';
  isAdmin: boolean;
  isProvider: boolean;
  isMasterAdmin: boolean;
  isAuditor: boolean;
  notificationsCount: number;
  /** The top-bar chat badge, from the messaging service (messaging.qry.badge); absent when it did not answer. */
  showChatIconBadge?: boolean;
};

/** identity.cmd.signIn (password accepted, code sent). `phone` is masked but its last 4 digits. */
export type SignInReply = { success: true; twoFactorAuthToken: string; usernameOrEmail: string; phone: string };

/** identity.cmd.verifySignInCode: a session was opened; the gateway signs the token. */
export type SessionOpenedReply = { userId: string; sessionId: string; expiresAt: string; user: SignedInUser };

/** HTTP POST /api/v1/users/verify2FaForLogin */
export type Verify2FaForLoginResponse = { success: true; isSignedIn: true; token: string; usr: SignedInUser };

/** HTTP POST /api/v1/users/isSignedIn */
export type IsSignedInResponse = { success: true; isSignedIn: true; usr: SignedInUser };

/** identity.cmd.resendSignInCode */
export type ResendSignInCodeReply = { success: true; phone: string };

/** identity.cmd.sendTempPassword; an unknown email answers success false, isEmailInvalid true. */
export type SendTempPasswordReply = { success: boolean; isEmailInvalid: boolean };

/** Calls whose spec response is `success` or "not shown". */
export type SuccessReply = { success: true };

/** identity.cmd.sendMobileVerificationCode (GET /api/users/send2FAVerificationCode) */
export type SendMobileVerificationCodeReply = { success: true; msg: string };

/** One entry of a user's own security event log. */
export type SecurityEventItem = {
  id: string;
  time: string;
  type: string;
  label: string;
  browser: string | null;
  os: string | null;
  ip: string | null;
};
export type SecurityEventsReply = { success: true; total: number; page: number; limit: number; events: SecurityEventItem[] };

/** One entry of the hash-chained security log, as auditors see it. */
export type AuditSecurityEventItem = SecurityEventItem & {
  seq: number;
  eventId: string;
  userId: string | null;
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
};
export type AuditSecurityEventsReply = { success: true; total: number; page: number; limit: number; events: AuditSecurityEventItem[] };

/** One message of the development outbox (GET /api/dev/outbox). */
export type DevOutboxMessage = {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
};

/** identity.cmd.registerAccount */
export type RegisterAccountReply = { userId: string; userName: string };
