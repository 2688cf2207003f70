/** Request metadata of a security event: browser name and major version, OS name and version, IP. */
export type RequestMetaDataV1 = { browser?: string; os?: string; ip?: string };

/**
 * `events.identity.SignInSucceeded` (identity.SignInSucceeded.v1): a session was opened after
 * the second factor. No token, no code.
 */
export const SIGN_IN_SUCCEEDED_V1 = 'SignInSucceeded';
export type SignInSucceededV1 = {
  accountId: string;
  sessionId: string;
  signedInAt: string;
  expiresAt: string;
  requestMetaData: RequestMetaDataV1;
};
