import { z } from 'zod';
import { identity } from '@app/contracts';
import type { IdentityFact } from '../domain/identity-reactions';

/**
 * Reads an identity integration event off JetStream: a CloudEvents 1.0 JSON envelope on
 * `<prefix.>events.identity.<Name>` whose `data` follows the versioned contract in
 * libs/contracts/src/identity. Unknown names or versions are skipped, malformed ones refused.
 */
export type ParsedIdentityMessage =
  | { kind: 'fact'; eventId: string; time?: string; correlationId?: string; fact: IdentityFact }
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

const envelope = z.object({
  specversion: z.literal('1.0'),
  id: z.string().min(1).max(200),
  type: z.string().min(1),
  source: z.string().min(1),
  time: z.string().optional(),
  correlationid: z.string().optional(),
  data: z.unknown(),
});

const TYPE = /^identity\.([A-Za-z][A-Za-z0-9_-]*)\.v(\d+)$/;

export function parseIdentityMessage(subject: string, payload: Uint8Array): ParsedIdentityMessage {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload).toString('utf8'));
  } catch {
    return { kind: 'malformed', reason: 'not JSON' };
  }
  const ce = envelope.safeParse(json);
  if (!ce.success) {
    const id = (json as { id?: unknown } | null)?.id;
    return { kind: 'malformed', eventId: typeof id === 'string' ? id : undefined, reason: `not a CloudEvent: ${ce.error.issues[0]?.message}` };
  }
  const eventId = ce.data.id;
  const name = subject.slice(subject.lastIndexOf('.') + 1);
  const type = TYPE.exec(ce.data.type);
  if (!type || type[1] !== name) return { kind: 'malformed', eventId, reason: `type '${ce.data.type}' does not match subject ${subject}` };
  if (!Object.hasOwn(contracts, name)) return { kind: 'skip', eventId, reason: `no reaction to ${name}` };
  if (type[2] !== '1') return { kind: 'skip', eventId, reason: `unknown version v${type[2]} of ${name}` };
  const data = contracts[name as IdentityFact['name']].safeParse(ce.data.data);
  if (!data.success) {
    const issue = data.error.issues[0];
    return { kind: 'malformed', eventId, reason: `${name} data: ${issue?.path.join('.') || '(root)'} ${issue?.message}` };
  }
  return {
    kind: 'fact',
    eventId,
    time: ce.data.time,
    correlationId: ce.data.correlationid,
    fact: data.data,
  };
}
