import { z } from 'zod';
import { defineRpcs, schemaOf } from '../rpc-contract';
import type {
  AuditSecurityEventItem,
  DevOutboxMessage,
  RegisterAccountReply,
  ResendSignInCodeReply,
  SecurityEventItem,
  SendMobileVerificationCodeReply,
  SendTempPasswordReply,
  SessionOpenedReply,
  SignInReply,
  SignedInUser,
  SuccessReply,
} from './replies';
import {
  AuditSecurityEventsRequest,
  ChangeUserNameRequest,
  DevOutboxRequest,
  EmptyRequest,
  GrantAdminRequest,
  GrantAuditorRequest,
  OwnSecurityEventsRequest,
  ReauthenticateRequest,
  RegisterAccountRequest,
  ResendSignInCodeRequest,
  ResetPasswordRequest,
  SendEmailVerificationCodeRequest,
  SendInvitationRequest,
  AcceptInvitationRequest,
  SendMobileVerificationCodeRequest,
  SendPasswordVerificationCodeRequest,
  SendTempPasswordRequest,
  SignInRequest,
  VerifyEmailVerificationCodeRequest,
  VerifyMobileVerificationCodeRequest,
  VerifyPasswordVerificationCodeRequest,
  VerifySignInCodeRequest,
  type ChangeUserNameReply,
  type SendInvitationReply,
  type AcceptInvitationReply,
} from './requests';
import {
  AccountRequestIdRequest,
  ApproveAccountRequestRequest,
  RequestAccountRequest,
  type AccountRequestReply,
  type AccountRequestView,
  type ApproveAccountRequestReply,
  type PendingAccountRequestsReply,
  type RequestAccountReply,
} from './account-requests';
import { EnsureMasterAdminRequest, ExistsRequest, SessionLiveRequest, type EnsureMasterAdminReply, type ExistsReply, type SessionLiveReply } from './rpc';

/** The reply schemas of identity's calls (each exactly its TypeScript type in replies.ts, requests.ts and rpc.ts). */

export const SignedInUserSchema = schemaOf<SignedInUser>()(
  z.object({
    _id: z.string(),
    userName: z.string(),
    displayName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    npi: z.string().nullable(),
    email: z.string(),
    mobile: z.string(),
    avatarImageUrl: z.string(),
    loggedInAs: z.enum(['admin', 'provider']),
    isAdmin: z.boolean(),
    isProvider: z.boolean(),
    isMasterAdmin: z.boolean(),
    isAuditor: z.boolean(),
    notificationsCount: z.number(),
    showChatIconBadge: z.boolean().optional(),
  }),
);
const SuccessReplySchema = schemaOf<SuccessReply>()(z.object({ success: z.literal(true) }));
const SignInReplySchema = schemaOf<SignInReply>()(
  z.object({ success: z.literal(true), twoFactorAuthToken: z.string(), usernameOrEmail: z.string(), phone: z.string().describe('Masked but the last 4 digits') }),
);
const SessionOpenedReplySchema = schemaOf<SessionOpenedReply>()(
  z.object({ userId: z.string(), sessionId: z.string(), expiresAt: z.string(), user: SignedInUserSchema }),
);
const ResendSignInCodeReplySchema = schemaOf<ResendSignInCodeReply>()(z.object({ success: z.literal(true), phone: z.string() }));
const SendTempPasswordReplySchema = schemaOf<SendTempPasswordReply>()(z.object({ success: z.boolean(), isEmailInvalid: z.boolean() }));
const SendMobileVerificationCodeReplySchema = schemaOf<SendMobileVerificationCodeReply>()(z.object({ success: z.literal(true), msg: z.string() }));
const SecurityEventItemSchema = schemaOf<SecurityEventItem>()(
  z.object({ id: z.string(), time: z.string(), type: z.string(), label: z.string(), browser: z.string().nullable(), os: z.string().nullable(), ip: z.string().nullable() }),
);
const AuditSecurityEventItemSchema = schemaOf<AuditSecurityEventItem>()(
  SecurityEventItemSchema.extend({
    seq: z.number(),
    eventId: z.string(),
    userId: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    prevHash: z.string(),
    hash: z.string(),
  }),
);
const eventsPage = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), total: z.number(), page: z.number(), limit: z.number(), events: z.array(item) });
const DevOutboxMessageSchema = schemaOf<DevOutboxMessage>()(
  z.object({ id: z.string(), channel: z.enum(['email', 'sms']), to: z.string(), subject: z.string().nullable(), body: z.string(), createdAt: z.string() }),
);
const RegisterAccountReplySchema = schemaOf<RegisterAccountReply>()(z.object({ userId: z.string(), userName: z.string() }));
const ChangeUserNameReplySchema = schemaOf<ChangeUserNameReply>()(z.object({ success: z.literal(true), userName: z.string() }));
const SendInvitationReplySchema = schemaOf<SendInvitationReply>()(
  z.object({ success: z.literal(true), sentTo: z.string(), invitation: z.enum(['set-password', 'sign-in']), expiresAt: z.string().nullable() }),
);
const AcceptInvitationReplySchema = schemaOf<AcceptInvitationReply>()(z.object({ success: z.literal(true), email: z.string() }));
const EnsureMasterAdminReplySchema = schemaOf<EnsureMasterAdminReply>()(
  z.object({ created: z.boolean(), userId: z.string(), userName: z.string(), passwordFile: z.string().optional() }),
);
const ExistsReplySchema = schemaOf<ExistsReply>()(z.object({ isDuplicate: z.boolean() }));
const SessionLiveReplySchema = schemaOf<SessionLiveReply>()(z.object({ live: z.boolean() }));

const AccountRequestViewSchema = schemaOf<AccountRequestView>()(
  z.object({
    requestId: z.string(),
    name: z.string(),
    email: z.string(),
    mobile: z.string(),
    npi: z.string().nullable(),
    practice: z.string(),
    status: z.enum(['pending', 'approved', 'declined']),
    requestedAt: z.string(),
    decidedAt: z.string().nullable(),
    userId: z.string().nullable(),
    suggestedUserName: z.string(),
  }),
);
const RequestAccountReplySchema = schemaOf<RequestAccountReply>()(z.object({ success: z.literal(true), message: z.string() }));
const AccountRequestReplySchema = schemaOf<AccountRequestReply>()(z.object({ success: z.literal(true), request: AccountRequestViewSchema }));
const PendingAccountRequestsReplySchema = schemaOf<PendingAccountRequestsReply>()(z.object({ success: z.literal(true), requests: z.array(AccountRequestViewSchema) }));
const ApproveAccountRequestReplySchema = schemaOf<ApproveAccountRequestReply>()(z.object({ success: z.literal(true), userId: z.string(), userName: z.string() }));

/**
 * Identity's calls (identity.cmd/qry.<name>). Requests whose messages are the spec's wording
 * answer them as they are (`messages: 'user'`); the internal ones name the field.
 */
export const IDENTITY_RPC = defineRpcs('identity', {
  // --- internal calls (gateway boot, duplicate checks, token checks, the directory, tests)
  ensureMasterAdmin: { kind: 'cmd', request: EnsureMasterAdminRequest, reply: EnsureMasterAdminReplySchema },
  exists: { kind: 'qry', request: ExistsRequest, reply: ExistsReplySchema },
  sessionLive: { kind: 'qry', request: SessionLiveRequest, reply: SessionLiveReplySchema },
  registerAccount: { kind: 'cmd', request: RegisterAccountRequest, reply: RegisterAccountReplySchema, messages: 'user' },
  sendInvitation: { kind: 'cmd', request: SendInvitationRequest, reply: SendInvitationReplySchema, messages: 'user' },
  acceptInvitation: { kind: 'cmd', request: AcceptInvitationRequest, reply: AcceptInvitationReplySchema, messages: 'user' },
  changeUserName: { kind: 'cmd', request: ChangeUserNameRequest, reply: ChangeUserNameReplySchema, messages: 'user' },
  // --- sign-in, password reset, sessions
  signIn: { kind: 'cmd', request: SignInRequest, reply: SignInReplySchema, messages: 'user' },
  verifySignInCode: { kind: 'cmd', request: VerifySignInCodeRequest, reply: SessionOpenedReplySchema, messages: 'user' },
  resendSignInCode: { kind: 'cmd', request: ResendSignInCodeRequest, reply: ResendSignInCodeReplySchema, messages: 'user' },
  sendTempPassword: { kind: 'cmd', request: SendTempPasswordRequest, reply: SendTempPasswordReplySchema, messages: 'user' },
  resetPassword: { kind: 'cmd', request: ResetPasswordRequest, reply: SuccessReplySchema, messages: 'user' },
  logout: { kind: 'cmd', request: EmptyRequest, reply: SuccessReplySchema, messages: 'user' },
  signedInUser: { kind: 'qry', request: EmptyRequest, reply: SignedInUserSchema, messages: 'user' },
  // --- account dialogs (the caller's own account)
  reauthenticate: { kind: 'cmd', request: ReauthenticateRequest, reply: SuccessReplySchema, messages: 'user' },
  sendEmailVerificationCode: { kind: 'cmd', request: SendEmailVerificationCodeRequest, reply: SuccessReplySchema, messages: 'user' },
  verifyEmailVerificationCode: { kind: 'cmd', request: VerifyEmailVerificationCodeRequest, reply: SuccessReplySchema, messages: 'user' },
  sendPasswordVerificationCode: { kind: 'cmd', request: SendPasswordVerificationCodeRequest, reply: SuccessReplySchema, messages: 'user' },
  verifyPasswordVerificationCode: { kind: 'cmd', request: VerifyPasswordVerificationCodeRequest, reply: SuccessReplySchema, messages: 'user' },
  sendMobileVerificationCode: { kind: 'cmd', request: SendMobileVerificationCodeRequest, reply: SendMobileVerificationCodeReplySchema, messages: 'user' },
  verifyMobileVerificationCode: { kind: 'cmd', request: VerifyMobileVerificationCodeRequest, reply: SuccessReplySchema, messages: 'user' },
  // --- security event log, roles
  securityEvents: { kind: 'qry', request: OwnSecurityEventsRequest, reply: eventsPage(SecurityEventItemSchema), messages: 'user' },
  auditSecurityEvents: { kind: 'qry', request: AuditSecurityEventsRequest, reply: eventsPage(AuditSecurityEventItemSchema), messages: 'user' },
  grantAuditor: { kind: 'cmd', request: GrantAuditorRequest, reply: SuccessReplySchema, messages: 'user' },
  grantAdmin: { kind: 'cmd', request: GrantAdminRequest, reply: SuccessReplySchema, messages: 'user' },
  // --- account requests ('Request an account'; decided by the master admin)
  requestAccount: { kind: 'cmd', request: RequestAccountRequest, reply: RequestAccountReplySchema, messages: 'user' },
  accountRequest: { kind: 'qry', request: AccountRequestIdRequest, reply: AccountRequestReplySchema, messages: 'user' },
  pendingAccountRequests: { kind: 'qry', request: EmptyRequest, reply: PendingAccountRequestsReplySchema, messages: 'user' },
  approveAccountRequest: { kind: 'cmd', request: ApproveAccountRequestRequest, reply: ApproveAccountRequestReplySchema, messages: 'user' },
  declineAccountRequest: { kind: 'cmd', request: AccountRequestIdRequest, reply: SuccessReplySchema, messages: 'user' },
  // --- development (404 in production, whatever the payload)
  devOutbox: { kind: 'qry', request: DevOutboxRequest, reply: z.array(DevOutboxMessageSchema), messages: 'user' },
});
