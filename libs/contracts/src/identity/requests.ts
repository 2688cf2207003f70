import { z } from 'zod';
import {
  MESSAGES,
  isValidAccountMobile,
  isValidCode,
  isValidEmail,
  isValidPassword,
  normalizeAccountMobile,
} from '@app/validation';

/**
 * Request schemas of the identity calls, used twice: by the gateway on the HTTP body or query
 * (JSON and form-data alike: every value is text) and by identity on the NATS payload.
 * A failure names its field; the spec's own messages (§5, §8) are used where the spec has one.
 */

const MAX_IDENTIFIER = 320;
const MAX_SECRET = 200;
const MAX_TOKEN = 200;

/** A text field: missing -> '<field> is required', not text -> '<field> must be text'. */
export function textField(field: string, max: number) {
  return z
    .string({ error: (i) => (i.input === undefined || i.input === null ? `${field} is required` : `${field} must be text`) })
    .max(max, `${field} is too long`);
}

/** A required, trimmed text field. */
export function requiredText(field: string, max: number) {
  return textField(field, max).trim().min(1, `${field} is required`);
}

/** A secret typed by the user: never trimmed, must not be empty. */
function secretField(field: string, max = MAX_SECRET) {
  return textField(field, max).min(1, `${field} is required`);
}

function emailField(field: string, message: string) {
  return requiredText(field, MAX_IDENTIFIER).refine(isValidEmail, { message });
}

function codeField(field: string, message: string) {
  return requiredText(field, 20).refine(isValidCode, { message });
}

/** A new password: at least 8 characters, no spaces (the common-password check runs in identity). */
function newPasswordField(field: string, message: string) {
  return textField(field, MAX_SECRET).refine(isValidPassword, { message });
}

/** Account mobile: US unless it starts with +92/0092 (then a Pakistani mobile), stored in E.164 (libs/validation). */
function mobileField(field: string, message: string) {
  return requiredText(field, 40)
    .refine(isValidAccountMobile, { message })
    .transform((v) => normalizeAccountMobile(v) as string);
}

function confirmMatches<T extends { newPassword: string; confirmNewPassword: string }>(message: string) {
  return (v: T, ctx: z.RefinementCtx) => {
    if (v.newPassword !== v.confirmNewPassword) ctx.addIssue({ code: 'custom', path: ['confirmNewPassword'], message });
  };
}

const pageField = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(100_000, 'page is too large')
  .default(1);
const limitField = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be 1 or more')
  .max(100, 'limit must be 100 or less')
  .default(20);

// --- Sign-in -------------------------------------------------------------------------------

/** POST /api/v1/users/signIn */
export const SignInRequest = z.object({
  usernameOrEmail: requiredText('usernameOrEmail', MAX_IDENTIFIER),
  password: secretField('password'),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/** POST /api/v1/users/verify2FaForLogin (`email` holds what the user typed: email or user name). */
export const VerifySignInCodeRequest = z.object({
  email: requiredText('email', MAX_IDENTIFIER),
  _2faCode: codeField('_2faCode', MESSAGES.incorrectCode),
  _2faToken: requiredText('_2faToken', MAX_TOKEN),
});
export type VerifySignInCodeRequest = z.infer<typeof VerifySignInCodeRequest>;

/** POST /api/v1/users/resend2FaCode */
export const ResendSignInCodeRequest = z.object({
  usernameOrEmail: requiredText('usernameOrEmail', MAX_IDENTIFIER),
  _2FaToken: requiredText('_2FaToken', MAX_TOKEN),
});
export type ResendSignInCodeRequest = z.infer<typeof ResendSignInCodeRequest>;

// --- Password reset with a temporary password ------------------------------------------------

/** POST /api/v1/users/sendTempPassword */
export const SendTempPasswordRequest = z.object({ email: emailField('email', MESSAGES.invalidEmail) });
export type SendTempPasswordRequest = z.infer<typeof SendTempPasswordRequest>;

/** POST /api/v1/users/resetPassword */
export const ResetPasswordRequest = z
  .object({
    email: emailField('email', MESSAGES.invalidEmail),
    tempPassword: secretField('tempPassword'),
    newPassword: newPasswordField('newPassword', MESSAGES.invalidPasswordReset),
    confirmNewPassword: textField('confirmNewPassword', MAX_SECRET),
  })
  .superRefine(confirmMatches(MESSAGES.passwordMismatchReset));
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

// --- Account dialogs (bearer; the caller's own account only) --------------------------------

/** POST /api/users/reauthenticate */
export const ReauthenticateRequest = z.object({
  email: emailField('email', MESSAGES.invalidEmailLower),
  password: secretField('password'),
});
export type ReauthenticateRequest = z.infer<typeof ReauthenticateRequest>;

/** GET /api/users/sendEmailVerificationCode?email&newEmail */
export const SendEmailVerificationCodeRequest = z.object({
  email: emailField('email', MESSAGES.invalidEmailLower),
  newEmail: emailField('newEmail', MESSAGES.invalidEmailLower),
});
export type SendEmailVerificationCodeRequest = z.infer<typeof SendEmailVerificationCodeRequest>;

/** POST /api/users/verifyEmailVerificationCode */
export const VerifyEmailVerificationCodeRequest = z.object({
  email: emailField('email', MESSAGES.invalidEmailLower),
  newEmail: emailField('newEmail', MESSAGES.invalidEmailLower),
  code: codeField('code', MESSAGES.invalidCode),
});
export type VerifyEmailVerificationCodeRequest = z.infer<typeof VerifyEmailVerificationCodeRequest>;

/** GET /api/users/sendPasswordVerificationCode?email */
export const SendPasswordVerificationCodeRequest = z.object({ email: emailField('email', MESSAGES.invalidEmail) });
export type SendPasswordVerificationCodeRequest = z.infer<typeof SendPasswordVerificationCodeRequest>;

/** POST /api/users/verifyPasswordVerificationCode */
export const VerifyPasswordVerificationCodeRequest = z
  .object({
    email: emailField('email', MESSAGES.invalidEmail),
    newPassword: newPasswordField('newPassword', MESSAGES.invalidPassword),
    code: codeField('code', MESSAGES.invalidCode),
    confirmNewPassword: textField('confirmNewPassword', MAX_SECRET),
  })
  .superRefine(confirmMatches(MESSAGES.passwordMismatch));
export type VerifyPasswordVerificationCodeRequest = z.infer<typeof VerifyPasswordVerificationCodeRequest>;

/** GET /api/users/send2FAVerificationCode?email&mobile */
export const SendMobileVerificationCodeRequest = z.object({
  email: emailField('email', MESSAGES.invalidEmailLower),
  mobile: mobileField('mobile', MESSAGES.invalidMobileLower),
});
export type SendMobileVerificationCodeRequest = z.infer<typeof SendMobileVerificationCodeRequest>;

/** POST /api/users/verifyMobileVerificationCode */
export const VerifyMobileVerificationCodeRequest = z.object({
  email: emailField('email', MESSAGES.invalidEmailLower),
  mobile: mobileField('mobile', MESSAGES.invalidMobileLower),
  code: codeField('code', MESSAGES.invalidCode),
});
export type VerifyMobileVerificationCodeRequest = z.infer<typeof VerifyMobileVerificationCodeRequest>;

// --- Security event log --------------------------------------------------------------------

/** GET /api/users/securityEvents?page&limit (the caller's own events) */
export const OwnSecurityEventsRequest = z.object({ page: pageField, limit: limitField });
export type OwnSecurityEventsRequest = z.infer<typeof OwnSecurityEventsRequest>;

const isoDate = (field: string) =>
  requiredText(field, 40)
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: `${field} must be an ISO date` })
    .transform((v) => new Date(v).toISOString());

/** GET /api/audit/securityEvents?userId&type&from&to&page&limit (auditors) */
export const AuditSecurityEventsRequest = z.object({
  userId: z.uuid({ error: 'userId must be a user id' }).optional(),
  type: requiredText('type', 60)
    .regex(/^[A-Za-z]+$/, 'type must be an event type')
    .optional(),
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
  page: pageField,
  limit: limitField,
});
export type AuditSecurityEventsRequest = z.infer<typeof AuditSecurityEventsRequest>;

// --- Roles and registration ------------------------------------------------------------------

const booleanish = (field: string) =>
  z.union([z.boolean(), z.enum(['true', 'false'])], { error: `${field} must be true or false` }).transform((v) => v === true || v === 'true');

/** POST /api/v1/users/grantAuditor (master admin only) */
export const GrantAuditorRequest = z.object({
  userId: z.uuid({ error: 'userId must be a user id' }),
  isAuditor: booleanish('isAuditor'),
});
export type GrantAuditorRequest = z.infer<typeof GrantAuditorRequest>;

/** POST /api/v1/users/grantAdmin (master admin only): the admin identity beside the provider one. */
export const GrantAdminRequest = z.object({
  userId: z.uuid({ error: 'userId must be a user id' }),
  isAdmin: booleanish('isAdmin'),
});
export type GrantAdminRequest = z.infer<typeof GrantAdminRequest>;

/** identity.cmd.registerAccount: internal (tests, the later "Create User Profile"). */
export const RegisterAccountRequest = z.object({
  /** The account's id, chosen by the caller (the directory's create-user): a retry with the same id and email answers the same account. */
  accountId: z.uuid({ error: 'accountId must be a user id' }).optional(),
  /** Email the new user an invitation to set a password ('Set/Reset Password HERE', a temporary password). */
  invite: z.boolean().default(false),
  userName: requiredText('userName', 20).refine((v) => /^\S{2,20}$/.test(v), { message: MESSAGES.invalidUserName }),
  email: emailField('email', MESSAGES.invalidEmail),
  mobile: mobileField('mobile', MESSAGES.invalidMobile).optional(),
  password: newPasswordField('password', MESSAGES.invalidPassword).optional(),
  displayName: requiredText('displayName', 40).refine((v) => v.length >= 2, { message: MESSAGES.invalidDisplayName }),
  firstName: requiredText('firstName', 100).optional(),
  lastName: requiredText('lastName', 100).optional(),
  roles: z
    .object({
      isAdmin: z.boolean().default(false),
      isProvider: z.boolean().default(false),
      isAuditor: z.boolean().default(false),
    })
    .default({ isAdmin: false, isProvider: false, isAuditor: false }),
});
export type RegisterAccountRequest = z.input<typeof RegisterAccountRequest>;

/** identity.cmd.changeUserName: the account's owner or the master admin (from the directory's profile editing). */
export const ChangeUserNameRequest = z.object({
  accountId: z.uuid({ error: 'accountId must be a user id' }),
  userName: requiredText('userName', 20).refine((v) => /^\S{2,20}$/.test(v), { message: MESSAGES.invalidUserName }),
});
export type ChangeUserNameRequest = z.infer<typeof ChangeUserNameRequest>;
export type ChangeUserNameReply = { success: true; userName: string };

// --- Development outbox --------------------------------------------------------------------

/** GET /api/dev/outbox?to= */
export const DevOutboxRequest = z.object({ to: requiredText('to', MAX_IDENTIFIER).optional() });
export type DevOutboxRequest = z.infer<typeof DevOutboxRequest>;

/** Requests that carry nothing (the acting session comes from the request context). */
export const EmptyRequest = z.object({}).passthrough();

/**
 * identity.cmd.sendInvitation (internal: the gateway sends it once the credentialing service
 * allowed the caller to invite this provider): asks the account's owner to complete their
 * application, landing on `landing` (a path of the web app). An owner without a password of
 * their own gets a one-time link that sets it (no password in the email); one with a password is
 * asked to sign in, and nothing about the account changes.
 */
export const SendInvitationRequest = z.object({
  accountId: z.uuid({ error: 'accountId must be a user id' }),
  landing: z.string().regex(/^\/[A-Za-z0-9/_-]{0,100}$/, 'landing: a path of the web app'),
  /** Who asks (the practice's name), named in the email. */
  organization: z.string().trim().min(1).max(200, 'organization: at most 200 characters').optional(),
});
export type SendInvitationRequest = z.infer<typeof SendInvitationRequest>;
/** `set-password`: a one-time link, valid until `expiresAt`; `sign-in`: the owner has a password and was asked to sign in. */
export type SendInvitationReply = { success: true; sentTo: string; invitation: 'set-password' | 'sign-in'; expiresAt: string | null };

/** POST /api/v1/users/acceptInvitation: the invitation link's token and the password chosen. */
export const AcceptInvitationRequest = z
  .object({
    token: textField('token', 200).refine((v) => /^[A-Za-z0-9_-]{40,100}$/.test(v), { message: 'token: this link is not valid' }),
    newPassword: newPasswordField('newPassword', MESSAGES.invalidPasswordReset),
    confirmNewPassword: textField('confirmNewPassword', MAX_SECRET),
  })
  .superRefine(confirmMatches(MESSAGES.passwordMismatchReset));
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;
/** The account's email, to sign in with. */
export type AcceptInvitationReply = { success: true; email: string };
