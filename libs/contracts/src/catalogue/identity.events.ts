import { z } from 'zod';
import type * as identity from '../identity';
import {
  ACCOUNT_REGISTERED_V1,
  ACCOUNT_REQUESTED_V1,
  ACCOUNT_REQUEST_APPROVED_V1,
  ACCOUNT_REQUEST_DECLINED_V1,
  ACCOUNT_ROLES_CHANGED_V1,
  EMAIL_CHANGED_V1,
  MOBILE_CHANGED_V1,
  PASSWORD_CHANGED_V1,
  SESSIONS_REVOKED_V1,
  SIGN_IN_FAILED_V1,
  SIGN_IN_SUCCEEDED_V1,
  SIGNED_OUT_V1,
  USER_NAME_CHANGED_V1,
} from '../identity';
import { defineEvent } from './define';
import { at, id } from './fields';

const requestMetaData = z
  .object({ browser: z.string().optional(), os: z.string().optional(), ip: z.string().optional() })
  .describe('browser name and major version, OS name and version, client IP');
const roles = z.object({
  isAdmin: z.boolean(),
  isProvider: z.boolean(),
  isMasterAdmin: z.boolean(),
  isAuditor: z.boolean(),
  isCommitteeMember: z.boolean().optional().describe('credentialing committee member (absent: not held)'),
  isMedicalDirector: z.boolean().optional().describe('Medical Director: approves clean files alone (absent: not held)'),
});

export const identityEvents = [
  defineEvent<identity.AccountRegisteredV1>()({
    context: 'identity',
    name: ACCOUNT_REGISTERED_V1,
    version: 1,
    summary: 'An account was created (registration, the master admin bootstrap or the create-user call). No password hash, no codes.',
    schema: z.object({
      accountId: id(),
      userName: z.string(),
      email: z.string(),
      mobile: z.string().optional().describe('E.164'),
      displayName: z.string(),
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      roles,
      registeredAt: at(),
    }),
  }),
  defineEvent<identity.SignInSucceededV1>()({
    context: 'identity',
    name: SIGN_IN_SUCCEEDED_V1,
    version: 1,
    summary: 'A session was opened after the second factor. No token, no code.',
    schema: z.object({ accountId: id(), sessionId: id(), signedInAt: at(), expiresAt: at(), requestMetaData }),
  }),
  defineEvent<identity.SignInFailedV1>()({
    context: 'identity',
    name: SIGN_IN_FAILED_V1,
    version: 1,
    summary: 'A wrong password for a known account (failures for unknown identifiers stay inside identity). No password.',
    schema: z.object({ accountId: id(), reason: z.literal('wrong-password'), failedAt: at(), throttled: z.boolean(), requestMetaData }),
  }),
  defineEvent<identity.SignedOutV1>()({
    context: 'identity',
    name: SIGNED_OUT_V1,
    version: 1,
    summary: 'The user logged out of one session.',
    schema: z.object({ accountId: id(), sessionId: id(), signedOutAt: at(), requestMetaData }),
  }),
  defineEvent<identity.SessionsRevokedV1>()({
    context: 'identity',
    name: SESSIONS_REVOKED_V1,
    version: 1,
    summary: 'Sessions ended by the server (credential change or reset); their tokens answer 401 from now on.',
    schema: z.object({
      accountId: id(),
      sessionIds: z.array(id()),
      reason: z.enum(['password-changed', 'password-reset', 'email-changed', 'mobile-changed']),
      revokedAt: at(),
    }),
  }),
  defineEvent<identity.PasswordChangedV1>()({
    context: 'identity',
    name: PASSWORD_CHANGED_V1,
    version: 1,
    summary: 'The password changed, by verification code or temporary password. No hash.',
    schema: z.object({ accountId: id(), via: z.enum(['verification-code', 'temporary-password']), changedAt: at(), requestMetaData }),
  }),
  defineEvent<identity.EmailChangedV1>()({
    context: 'identity',
    name: EMAIL_CHANGED_V1,
    version: 1,
    summary: 'The sign-in email changed.',
    schema: z.object({ accountId: id(), email: z.string(), previousEmail: z.string(), changedAt: at(), requestMetaData }),
  }),
  defineEvent<identity.MobileChangedV1>()({
    context: 'identity',
    name: MOBILE_CHANGED_V1,
    version: 1,
    summary: 'The mobile that receives sign-in codes changed (E.164).',
    schema: z.object({ accountId: id(), mobile: z.string(), previousMobile: z.string().nullable(), changedAt: at(), requestMetaData }),
  }),
  defineEvent<identity.UserNameChangedV1>()({
    context: 'identity',
    name: USER_NAME_CHANGED_V1,
    version: 1,
    summary: 'The user name changed (from the profile, by its owner or the master admin).',
    schema: z.object({ accountId: id(), userName: z.string(), previousUserName: z.string(), changedAt: at(), requestMetaData }),
  }),
  defineEvent<identity.AccountRolesChangedV1>()({
    context: 'identity',
    name: ACCOUNT_ROLES_CHANGED_V1,
    version: 1,
    summary: "The account's roles changed.",
    schema: z.object({ accountId: id(), roles, changedBy: z.string().nullable(), changedAt: at() }),
  }),
  defineEvent<identity.AccountRequestedV1>()({
    context: 'identity',
    name: ACCOUNT_REQUESTED_V1,
    version: 1,
    summary:
      "A visitor asked for an account ('Request an account'): the name and practice they gave and the master admin(s) to notify. " +
      'No email, mobile or NPI: the master admin reads those through the authorized query.',
    schema: z.object({ requestId: id(), name: z.string(), practice: z.string(), notify: z.array(id()), requestedAt: at() }),
  }),
  defineEvent<identity.AccountRequestApprovedV1>()({
    context: 'identity',
    name: ACCOUNT_REQUEST_APPROVED_V1,
    version: 1,
    summary: 'The master admin approved an account request: the account was created (its AccountRegistered came first); `notify`: whom the request notified.',
    schema: z.object({ requestId: id(), accountId: id(), approvedBy: id(), approvedAt: at(), notify: z.array(id()) }),
  }),
  defineEvent<identity.AccountRequestDeclinedV1>()({
    context: 'identity',
    name: ACCOUNT_REQUEST_DECLINED_V1,
    version: 1,
    summary: 'The master admin declined an account request (`notify`: whom the request notified).',
    schema: z.object({ requestId: id(), declinedBy: id(), declinedAt: at(), notify: z.array(id()) }),
  }),
];
