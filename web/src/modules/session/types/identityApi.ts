import type { identity } from '@app/contracts';

/**
 * Bodies of the account and sign-in calls (spec §7 "Account and sign-in"), from the contracts
 * library so they are written once. Failures answer a non-2xx status with
 * `{ success: false, message, field? }` and surface as ApiError.
 */
export type SuccessReply = identity.SuccessReply;

export type SignInRequest = Pick<identity.SignInRequest, 'usernameOrEmail' | 'password'>;
export type SignInReply = identity.SignInReply;

export type Verify2FaRequest = identity.VerifySignInCodeRequest;
export type Verify2FaReply = identity.Verify2FaForLoginResponse;

export type Resend2FaRequest = identity.ResendSignInCodeRequest;
/** `phone`: the masked number the new code went to. */
export type Resend2FaReply = identity.ResendSignInCodeReply;

export type SendTempPasswordRequest = identity.SendTempPasswordRequest;
export type SendTempPasswordReply = identity.SendTempPasswordReply;

export type ResetPasswordRequest = identity.ResetPasswordRequest;

export type IsSignedInReply = identity.IsSignedInResponse;

/** 'Request an account' (signed out): what the visitor typed; the server validates and normalizes it. */
export type RequestAccountBody = { name: string; email: string; mobile: string; npi: string; practice: string };
export type RequestAccountReply = identity.RequestAccountReply;

export type ReauthenticateRequest = identity.ReauthenticateRequest;

export type VerifyEmailCodeRequest = identity.VerifyEmailVerificationCodeRequest;
export type VerifyPasswordCodeRequest = identity.VerifyPasswordVerificationCodeRequest;
export type Send2FaVerificationCodeReply = identity.SendMobileVerificationCodeReply;
export type VerifyMobileCodeRequest = identity.VerifyMobileVerificationCodeRequest;

export type ExistsReply = identity.ExistsReply;

/** One entry of the signed-in user's security events log. */
export type SecurityEvent = identity.SecurityEventItem;
export type SecurityEventsReply = identity.SecurityEventsReply;
