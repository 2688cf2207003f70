import type { RequestMetaDataV1 } from './sign-in-succeeded.v1';

/**
 * `events.identity.SignInFailed` (identity.SignInFailed.v1): a wrong password for a known
 * account (failures for unknown identifiers stay inside identity). No password.
 */
export const SIGN_IN_FAILED_V1 = 'SignInFailed';
export type SignInFailedV1 = {
  accountId: string;
  reason: 'wrong-password';
  failedAt: string;
  /** A temporary delay started for this identifier and IP. */
  throttled: boolean;
  requestMetaData: RequestMetaDataV1;
};
