/**
 * `events.identity.SessionsRevoked` (identity.SessionsRevoked.v1): sessions ended by the server
 * (credential change or reset). Their tokens answer 401 from now on.
 */
export const SESSIONS_REVOKED_V1 = 'SessionsRevoked';
export type SessionsRevokedV1 = {
  accountId: string;
  sessionIds: string[];
  reason: 'password-changed' | 'password-reset' | 'email-changed' | 'mobile-changed';
  revokedAt: string;
};
