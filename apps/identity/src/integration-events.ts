import type { RecordedEvent } from '@app/event-store';
import { identity } from '@app/contracts';
import type { IntegrationMapper } from '@app/nest-kit';
import type { AccountRequestEvent } from './domain/account-request.events';
import type { AccountEvent, SignInFailed } from './domain/account.events';

function requestMetaData(e: RecordedEvent): identity.RequestMetaDataV1 {
  const r = e.metadata.request ?? {};
  return {
    ...(typeof r.browser === 'string' ? { browser: r.browser } : {}),
    ...(typeof r.os === 'string' ? { os: r.os } : {}),
    ...(typeof r.ip === 'string' ? { ip: r.ip } : {}),
  };
}

/**
 * What identity publishes on `events.identity.*`: public facts only, never a secret (no hash,
 * code, temporary password or token). Challenge and code events stay inside identity.
 */
export const identityIntegrationEvents: IntegrationMapper = (e: RecordedEvent) => {
  const event = { type: e.type, data: e.data } as AccountEvent | SignInFailed | AccountRequestEvent;
  switch (event.type) {
    case 'AccountRegistered': {
      const d = event.data;
      const out: identity.AccountRegisteredV1 = {
        accountId: d.accountId,
        userName: d.userName,
        email: d.email,
        ...(d.mobile ? { mobile: d.mobile } : {}),
        displayName: d.displayName,
        ...(d.firstName ? { firstName: d.firstName } : {}),
        ...(d.lastName ? { lastName: d.lastName } : {}),
        roles: d.roles,
        registeredAt: d.registeredAt,
      };
      return { type: identity.ACCOUNT_REGISTERED_V1, data: out };
    }
    case 'SignInSucceeded': {
      const d = event.data;
      const out: identity.SignInSucceededV1 = {
        accountId: d.accountId,
        sessionId: d.sessionId,
        signedInAt: d.signedInAt,
        expiresAt: d.expiresAt,
        requestMetaData: requestMetaData(e),
      };
      return { type: identity.SIGN_IN_SUCCEEDED_V1, data: out };
    }
    case 'SignInFailed': {
      const d = event.data;
      if (!d.accountId) return null; // unknown identifiers stay in identity's security log
      const out: identity.SignInFailedV1 = {
        accountId: d.accountId,
        reason: 'wrong-password',
        failedAt: d.failedAt,
        throttled: d.throttled,
        requestMetaData: requestMetaData(e),
      };
      return { type: identity.SIGN_IN_FAILED_V1, data: out };
    }
    case 'SignedOut': {
      const out: identity.SignedOutV1 = { ...event.data, requestMetaData: requestMetaData(e) };
      return { type: identity.SIGNED_OUT_V1, data: out };
    }
    case 'SessionsRevoked': {
      const out: identity.SessionsRevokedV1 = { ...event.data };
      return { type: identity.SESSIONS_REVOKED_V1, data: out };
    }
    case 'PasswordChanged':
    case 'PasswordReset': {
      const out: identity.PasswordChangedV1 = {
        accountId: event.data.accountId,
        via: event.type === 'PasswordChanged' ? 'verification-code' : 'temporary-password',
        changedAt: event.type === 'PasswordChanged' ? event.data.changedAt : event.data.resetAt,
        requestMetaData: requestMetaData(e),
      };
      return { type: identity.PASSWORD_CHANGED_V1, data: out };
    }
    case 'EmailChanged': {
      const d = event.data;
      const out: identity.EmailChangedV1 = {
        accountId: d.accountId,
        email: d.email,
        previousEmail: d.previousEmail,
        changedAt: d.changedAt,
        requestMetaData: requestMetaData(e),
      };
      return { type: identity.EMAIL_CHANGED_V1, data: out };
    }
    case 'MobileChanged': {
      const d = event.data;
      const out: identity.MobileChangedV1 = {
        accountId: d.accountId,
        mobile: d.mobile,
        previousMobile: d.previousMobile,
        changedAt: d.changedAt,
        requestMetaData: requestMetaData(e),
      };
      return { type: identity.MOBILE_CHANGED_V1, data: out };
    }
    case 'UserNameChanged': {
      const d = event.data;
      const out: identity.UserNameChangedV1 = {
        accountId: d.accountId,
        userName: d.userName,
        previousUserName: d.previousUserName,
        changedAt: d.changedAt,
        requestMetaData: requestMetaData(e),
      };
      return { type: identity.USER_NAME_CHANGED_V1, data: out };
    }
    case 'AccountRolesChanged': {
      const out: identity.AccountRolesChangedV1 = { ...event.data };
      return { type: identity.ACCOUNT_ROLES_CHANGED_V1, data: out };
    }
    case 'AccountRequested': {
      // Who asked and whom to notify; the email, mobile and NPI stay in identity (the authorized query).
      const d = event.data;
      const out: identity.AccountRequestedV1 = { requestId: d.requestId, name: d.name, practice: d.practice, notify: d.notify, requestedAt: d.requestedAt };
      return { type: identity.ACCOUNT_REQUESTED_V1, data: out };
    }
    case 'AccountRequestApproved': {
      const d = event.data;
      const out: identity.AccountRequestApprovedV1 = { requestId: d.requestId, accountId: d.accountId, approvedBy: d.approvedBy, approvedAt: d.approvedAt, notify: d.notify };
      return { type: identity.ACCOUNT_REQUEST_APPROVED_V1, data: out };
    }
    case 'AccountRequestDeclined': {
      const out: identity.AccountRequestDeclinedV1 = { ...event.data };
      return { type: identity.ACCOUNT_REQUEST_DECLINED_V1, data: out };
    }
    default:
      return null;
  }
};
