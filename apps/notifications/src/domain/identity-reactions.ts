import type { NotificationsCommand } from './notifications.aggregate';
import {
  cleanRequestMeta,
  emailChangedNotification,
  mobileChangedNotification,
  passwordChangedNotification,
  welcomeNotification,
} from './notification-texts';
import { uuidFromName } from './notification-id';

/**
 * An identity integration event the service reacts to, read from its contract
 * (libs/contracts/src/identity) into the few facts a notification needs.
 */
export type RequestMeta = { browser?: string; os?: string; ip?: string };
export type IdentityFact =
  | { name: 'AccountRegistered'; accountId: string; userName?: string; displayName?: string; at?: string }
  | { name: 'SignInSucceeded'; accountId: string; at?: string; request: RequestMeta }
  | { name: 'PasswordChanged'; accountId: string; at?: string; request: RequestMeta; via: 'reset' | 'change' }
  | { name: 'EmailChanged'; accountId: string; at?: string; request: RequestMeta; email: string }
  | { name: 'MobileChanged'; accountId: string; at?: string; request: RequestMeta; mobile: string };

/** Where the fact came from: its CloudEvent id and time. */
export type FactSource = { eventId: string; time?: string };

function isoOr(...candidates: Array<string | undefined>): string {
  for (const c of candidates) {
    if (c && !Number.isNaN(Date.parse(c))) return new Date(c).toISOString();
  }
  return new Date().toISOString();
}

/**
 * What to do about an identity event: the command on the account's notifications. The
 * notification id is derived from the source event id, so a redelivery decides the same thing.
 * (SignInSucceeded's `newDevice` is deliberately ignored: the aggregate keeps its own record.)
 */
export function reactToIdentity(fact: IdentityFact, source: FactSource): { accountId: string; command: NotificationsCommand } {
  const accountId = fact.accountId;
  const base = { accountId, notificationId: uuidFromName(source.eventId), sourceEventId: source.eventId, createdAt: isoOr(fact.at, source.time) };
  switch (fact.name) {
    case 'AccountRegistered':
      return { accountId, command: { type: 'RaiseNotification', data: { ...base, content: welcomeNotification(fact) } } };
    case 'SignInSucceeded':
      return { accountId, command: { type: 'RecordSignIn', data: { ...base, requestMetaData: cleanRequestMeta(fact.request) } } };
    case 'PasswordChanged':
    case 'EmailChanged':
    case 'MobileChanged': {
      const requestMetaData = cleanRequestMeta(fact.request);
      const content =
        fact.name === 'PasswordChanged'
          ? passwordChangedNotification(fact.via, requestMetaData)
          : fact.name === 'EmailChanged'
            ? emailChangedNotification(fact.email, requestMetaData)
            : mobileChangedNotification(fact.mobile, requestMetaData);
      return { accountId, command: { type: 'RaiseNotification', data: { ...base, requestMetaData, content } } };
    }
  }
}
