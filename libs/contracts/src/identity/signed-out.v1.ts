import type { RequestMetaDataV1 } from './sign-in-succeeded.v1';

/** `events.identity.SignedOut` (identity.SignedOut.v1): the user logged out of one session. */
export const SIGNED_OUT_V1 = 'SignedOut';
export type SignedOutV1 = { accountId: string; sessionId: string; signedOutAt: string; requestMetaData: RequestMetaDataV1 };
