import { z } from 'zod';
import { identity } from '@app/contracts';
import type { AccountRequestFact } from '../domain/account-request-reactions';
import type { IdentityFact } from '../domain/identity-reactions';
import { parseIntegrationEvent } from '@app/nest-kit';

/**
 * Reads an identity integration event off JetStream: a CloudEvents 1.0 JSON envelope on
 * `<prefix.>events.identity.<Name>` whose `data` follows the versioned contract in
 * libs/contracts/src/identity. Unknown names or versions are skipped, malformed ones refused.
 */
export type ParsedIdentityMessage =
  | { kind: 'fact'; eventId: string; time?: string; correlationId?: string; fact: IdentityFact }
  | { kind: 'account-request'; eventId: string; time?: string; correlationId?: string; fact: AccountRequestFact }
  | { kind: 'skip'; eventId?: string; reason: string }
  | { kind: 'malformed'; eventId?: string; reason: string };

const text = (max: number) => z.string().max(max);
const meta = z.object({ browser: text(500).optional(), os: text(500).optional(), ip: text(100).optional() });
const accountId = z.string().uuid();
const time = z.string().max(64).optional();
/** The action's request metadata (`requestMetaData`; `request` in the first draft of the contract). */
const withRequest = { requestMetaData: meta.optional(), request: meta.optional() };
const requestOf = (d: { requestMetaData?: z.infer<typeof meta>; request?: z.infer<typeof meta> }) => d.requestMetaData ?? d.request ?? {};

/** Each reacted-to event: its v1 contract (libs/contracts/src/identity), read into an IdentityFact. */
const contracts: Record<IdentityFact['name'], z.ZodType<IdentityFact>> = {
  [identity.ACCOUNT_REGISTERED_V1]: z
    .looseObject({ accountId, userName: text(100).optional(), displayName: text(200).optional(), registeredAt: time })
    .transform((d): IdentityFact => ({ name: 'AccountRegistered', accountId: d.accountId, userName: d.userName, displayName: d.displayName, at: d.registeredAt })),
  [identity.SIGN_IN_SUCCEEDED_V1]: z
    .looseObject({ accountId, signedInAt: time, occurredAt: time, ...withRequest })
    .transform((d): IdentityFact => ({ name: 'SignInSucceeded', accountId: d.accountId, at: d.signedInAt ?? d.occurredAt, request: requestOf(d) })),
  [identity.PASSWORD_CHANGED_V1]: z
    .looseObject({ accountId, changedAt: time, occurredAt: time, via: z.enum(['verification-code', 'temporary-password', 'change', 'reset']), ...withRequest })
    .transform(
      (d): IdentityFact => ({
        name: 'PasswordChanged',
        accountId: d.accountId,
        at: d.changedAt ?? d.occurredAt,
        request: requestOf(d),
        via: d.via === 'temporary-password' || d.via === 'reset' ? 'reset' : 'change',
      }),
    ),
  [identity.EMAIL_CHANGED_V1]: z
    .looseObject({ accountId, email: text(320), changedAt: time, occurredAt: time, ...withRequest })
    .transform((d): IdentityFact => ({ name: 'EmailChanged', accountId: d.accountId, at: d.changedAt ?? d.occurredAt, request: requestOf(d), email: d.email })),
  [identity.MOBILE_CHANGED_V1]: z
    .looseObject({ accountId, mobile: text(40), changedAt: time, occurredAt: time, ...withRequest })
    .transform((d): IdentityFact => ({ name: 'MobileChanged', accountId: d.accountId, at: d.changedAt ?? d.occurredAt, request: requestOf(d), mobile: d.mobile })),
};

const recipients = z.array(accountId).max(100);
/** The account-request events: whom to notify, and the request's outcome. */
const accountRequestContracts: Record<AccountRequestFact['name'], z.ZodType<AccountRequestFact>> = {
  [identity.ACCOUNT_REQUESTED_V1]: z
    .looseObject({ requestId: z.uuid(), name: text(200), practice: text(400), notify: recipients, requestedAt: time })
    .transform(
      (d): AccountRequestFact => ({ name: 'AccountRequested', requestId: d.requestId, requester: d.name, practice: d.practice, notify: d.notify, at: d.requestedAt }),
    ),
  [identity.ACCOUNT_REQUEST_APPROVED_V1]: z
    .looseObject({ requestId: z.uuid(), notify: recipients, approvedAt: time })
    .transform((d): AccountRequestFact => ({ name: 'AccountRequestApproved', requestId: d.requestId, notify: d.notify, at: d.approvedAt })),
  [identity.ACCOUNT_REQUEST_DECLINED_V1]: z
    .looseObject({ requestId: z.uuid(), notify: recipients, declinedAt: time })
    .transform((d): AccountRequestFact => ({ name: 'AccountRequestDeclined', requestId: d.requestId, notify: d.notify, at: d.declinedAt })),
};
const ACCOUNT_REQUEST_EVENTS = new Set(Object.keys(accountRequestContracts));

export function parseIdentityMessage(subject: string, payload: Uint8Array): ParsedIdentityMessage {
  if (ACCOUNT_REQUEST_EVENTS.has(subject.slice(subject.lastIndexOf('.') + 1))) {
    const parsed = parseIntegrationEvent('identity', subject, payload, accountRequestContracts);
    return parsed.kind === 'event'
      ? { kind: 'account-request', eventId: parsed.eventId, time: parsed.time, correlationId: parsed.correlationId, fact: parsed.data }
      : parsed;
  }
  const parsed = parseIntegrationEvent('identity', subject, payload, contracts);
  return parsed.kind === 'event' ? { kind: 'fact', eventId: parsed.eventId, time: parsed.time, correlationId: parsed.correlationId, fact: parsed.data } : parsed;
}
