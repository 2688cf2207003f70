import { z } from 'zod';
import { LIMITS } from '@app/validation';
import { emailField, npiField, optionalText, usMobileField, userNameField } from '../directory/profiles';

/**
 * 'Request an account': a signed-out visitor asks for an account; the master admin
 * approves it (the admin add-user flow: the account, its profile and the emailed temporary
 * password) or declines it. Every failure names its field.
 */

export const INVALID_NAME = 'Invalid Name';
export const INVALID_PRACTICE = 'Invalid Practice';

/** The one answer to a request, whether or not the email or mobile already has an account (no enumeration). */
export const ACCOUNT_REQUEST_RECEIVED =
  'Thank you. Your request was sent to the administrator, who will review it. You will receive an email at the address you gave.';

/** Required text of `min` to `max` characters (trimmed), else `message`. */
const requiredText = (field: string, message: string, min: number, max: number) =>
  optionalText(field, max)
    .refine((v) => v !== null && v.length >= min, { message })
    .transform((v) => v as string);

/** POST /api/users/requestAccount (public) and identity.cmd.requestAccount. */
export const RequestAccountRequest = z.object({
  name: requiredText('name', INVALID_NAME, 2, 100),
  email: emailField(),
  /** A US mobile, kept in E.164. */
  mobile: usMobileField(),
  /** Optional; when given, a valid NPI (Luhn check). */
  npi: npiField(),
  practice: requiredText('practice', INVALID_PRACTICE, 2, 200),
});
export type RequestAccountRequest = z.infer<typeof RequestAccountRequest>;
export type RequestAccountReply = { success: true; message: string };

/** identity.qry.accountRequest, identity.cmd.declineAccountRequest: one request by its id. */
export const AccountRequestIdRequest = z.object({ requestId: z.uuid({ error: 'Invalid requestId' }) });
export type AccountRequestIdRequest = z.infer<typeof AccountRequestIdRequest>;

/** The user name the approval gives the account: the admin's choice, else one derived from the email. */
export const AccountRequestUserName = z.object({ userName: userNameField() });

/** POST /api/users/approveAccountRequest: the request, and the user name when the admin changed it. */
export const ApproveAccountRequestBody = z.object({
  requestId: AccountRequestIdRequest.shape.requestId,
  /** Empty or absent: the suggested one (from the email). */
  userName: z.string({ error: 'Invalid User Name' }).max(100, 'Invalid User Name').nullish(),
});

/** identity.cmd.approveAccountRequest: records the approval once the account exists. */
export const ApproveAccountRequestRequest = z.object({
  requestId: AccountRequestIdRequest.shape.requestId,
  accountId: z.uuid({ error: 'Invalid accountId' }),
  userName: userNameField(),
});
export type ApproveAccountRequestRequest = z.infer<typeof ApproveAccountRequestRequest>;

export type AccountRequestStatus = 'pending' | 'approved' | 'declined';

/** A request as the master admin reads it (identity.qry.accountRequest, GET /api/users/accountRequest). */
export type AccountRequestView = {
  requestId: string;
  name: string;
  email: string;
  /** E.164 */
  mobile: string;
  npi: string | null;
  practice: string;
  status: AccountRequestStatus;
  requestedAt: string;
  decidedAt: string | null;
  /** The account the approval created. */
  userId: string | null;
  /** The user name the approval proposes (derived from the email). */
  suggestedUserName: string;
};
export type AccountRequestReply = { success: true; request: AccountRequestView };
export type PendingAccountRequestsReply = { success: true; requests: AccountRequestView[] };
export type ApproveAccountRequestReply = { success: true; userId: string; userName: string };

/** 'Jane.Doe+x@clinic.org' -> 'jane.doex': a user name to start from (2 to 20 characters, no spaces). */
export function userNameFromEmail(email: string): string {
  const local = email.split('@')[0]?.toLowerCase().replace(/[^a-z0-9._-]/g, '') ?? '';
  const name = local.slice(0, LIMITS.userName.max);
  return name.length >= LIMITS.userName.min ? name : `${name}user`.slice(0, LIMITS.userName.max);
}

/** `events.identity.AccountRequested` (identity.AccountRequested.v1): who asked, and whom to notify. No email, mobile or NPI. */
export const ACCOUNT_REQUESTED_V1 = 'AccountRequested';
export type AccountRequestedV1 = {
  requestId: string;
  name: string;
  practice: string;
  /** The master admin account(s) who decide it. */
  notify: string[];
  requestedAt: string;
};

/** `events.identity.AccountRequestApproved` (identity.AccountRequestApproved.v1); `notify`: whom the request notified. */
export const ACCOUNT_REQUEST_APPROVED_V1 = 'AccountRequestApproved';
export type AccountRequestApprovedV1 = { requestId: string; accountId: string; approvedBy: string; approvedAt: string; notify: string[] };

/** `events.identity.AccountRequestDeclined` (identity.AccountRequestDeclined.v1) */
export const ACCOUNT_REQUEST_DECLINED_V1 = 'AccountRequestDeclined';
export type AccountRequestDeclinedV1 = { requestId: string; declinedBy: string; declinedAt: string; notify: string[] };
