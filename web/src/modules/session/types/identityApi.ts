import type { SignedInUser } from './signedInUser';

/**
 * Bodies of the account and sign-in calls (spec §7 "Account and sign-in"), as the gateway
 * answers them. Failures answer a non-2xx status with `{ success: false, message, field? }`
 * and surface as ApiError.
 */

export type SuccessReply = { success: true };

export type SignInRequest = { usernameOrEmail: string; password: string };
export type SignInReply = {
  success: true;
  twoFactorAuthToken: string;
  usernameOrEmail: string;
  /** Masked; the last 4 digits are visible. */
  phone: string;
};

export type Verify2FaRequest = { email: string; _2faCode: string; _2faToken: string };
export type Verify2FaReply = { success: boolean; isSignedIn: boolean; token: string; usr: SignedInUser };

export type Resend2FaRequest = { usernameOrEmail: string; _2FaToken: string };

export type SendTempPasswordRequest = { email: string };
export type SendTempPasswordReply = { success: boolean; isEmailInvalid?: boolean };

export type ResetPasswordRequest = { email: string; tempPassword: string; newPassword: string; confirmNewPassword: string };

export type IsSignedInReply = { success: true; usr: SignedInUser };

export type ReauthenticateRequest = { email: string; password: string };

export type VerifyEmailCodeRequest = { email: string; newEmail: string; code: string };
export type VerifyPasswordCodeRequest = { email: string; newPassword: string; code: string; confirmNewPassword: string };
export type Send2FaVerificationCodeReply = { success: boolean; msg?: string };
export type VerifyMobileCodeRequest = { email: string; mobile: string; code: string };

export type ExistsReply = { isDuplicate: boolean };

/** One entry of the signed-in user's security events log. */
export type SecurityEvent = {
  id: string;
  /** ISO 8601. */
  occurredAt: string;
  type: string;
  label: string;
  browser: string;
  os: string;
  ip: string;
};
export type SecurityEventsReply = { success: true; total: number; events: SecurityEvent[] };
