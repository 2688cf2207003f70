import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { credentialing } from '@app/contracts';
import { DurableEventConsumer, NATS_CONNECTION, parseIntegrationEvent, subjects } from '@app/nest-kit';
import { AccountLookup } from '../accounts/account-lookup';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { Deliveries } from '../delivery/deliveries';
import { messages } from '../delivery/messages';

export const IDENTITY_CREDENTIALING_DURABLE = 'identity-credentialing';
/** One filter (servers before NATS 2.10 take no list): credentialing's events, those without a reaction skipped. */
export const credentialingDecisionSubjects = () => [subjects().allEvents('credentialing')];

/** The monitoring alerts identity emails the provider about (the other kinds are notifications only). */
const EMAILED_ALERTS = ['attestation-due', 'items-missing'] as const;
type EmailedAlert = (typeof EMAILED_ALERTS)[number];

type Decided = Pick<credentialing.CredentialingDecidedV1, 'providerId' | 'appeal'>;
type Reminder = { providerId: string; kind: EmailedAlert; dueOn: string | null; daysLeft: number | null };
type Message = { kind: 'decided'; decided: Decided } | { kind: 'reminder'; reminder: Reminder } | { kind: 'other' };
export type ParsedDecision =
  | { kind: 'decided'; eventId: string; decided: Decided }
  | { kind: 'reminder'; eventId: string; reminder: Reminder }
  | { kind: 'skip' | 'malformed'; eventId?: string; reason: string };

const contracts: Record<string, z.ZodType<Message>> = {
  [credentialing.CREDENTIALING_DECIDED_V1]: z
    .looseObject({ providerId: z.uuid(), appeal: z.boolean().optional().default(false) })
    .transform((decided): Message => ({ kind: 'decided', decided })) as unknown as z.ZodType<Message>,
  [credentialing.MONITORING_ALERT_RAISED_V1]: z
    .looseObject({ providerId: z.uuid(), kind: z.string().max(64), recipients: z.array(z.string().max(64)).max(10_000), dueOn: z.iso.date().nullable(), daysLeft: z.number().int().nullable() })
    .transform((a): Message =>
      (EMAILED_ALERTS as readonly string[]).includes(a.kind) && a.recipients.includes(a.providerId)
        ? { kind: 'reminder', reminder: { providerId: a.providerId, kind: a.kind as EmailedAlert, dueOn: a.dueOn, daysLeft: a.daysLeft } }
        : { kind: 'other' },
    ) as unknown as z.ZodType<Message>,
};

export function parseDecision(subject: string, payload: Uint8Array): ParsedDecision {
  const parsed = parseIntegrationEvent('credentialing', subject, payload, contracts);
  if (parsed.kind !== 'event') return parsed;
  const m = parsed.data;
  if (m.kind === 'decided') return { kind: 'decided', eventId: parsed.eventId, decided: m.decided };
  if (m.kind === 'reminder') return { kind: 'reminder', eventId: parsed.eventId, reminder: m.reminder };
  return { kind: 'skip', eventId: parsed.eventId, reason: 'a monitoring alert identity does not email' };
}

/**
 * Identity owns email: when credentialing decides a provider's file (or its appeal), the provider
 * (an account: the profile id is the account id) gets an email saying a decision has been made,
 * with the link to sign in and read the letter; the attestation's reminders (`attestation-due`)
 * and the chases of missing items (`items-missing`) are emailed to the provider too. The decision,
 * its reasons and the items stay in the file. A failed send is retried with backoff (the message is
 * acked after the send: at least once).
 */
@Injectable()
export class CredentialingDecisionsConsumer extends DurableEventConsumer<ParsedDecision> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    private readonly accounts: AccountLookup,
    private readonly deliveries: Deliveries,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {
    super(nc, { name: 'CredentialingDecisions', durable: IDENTITY_CREDENTIALING_DURABLE, filterSubjects: credentialingDecisionSubjects });
  }

  protected parse(msg: JsMsg): ParsedDecision {
    return parseDecision(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedDecision, { kind: 'decided' | 'reminder' }>): Promise<void> {
    const providerId = parsed.kind === 'decided' ? parsed.decided.providerId : parsed.reminder.providerId;
    const account = await this.accounts.byId(providerId);
    if (!account) return; // A profile without an account (never invited): nobody to email.
    const fileUrl = `${this.config.APP_URL.replace(/\/+$/, '')}${credentialing.INVITATION_LANDING}`;
    if (parsed.kind === 'decided') return this.deliveries.email(messages.credentialingDecision(account.email, parsed.decided.appeal, fileUrl));
    const r = parsed.reminder;
    if (r.kind === 'attestation-due' && r.dueOn) return this.deliveries.email(messages.credentialingAttestationDue(account.email, r.dueOn, r.daysLeft ?? 0, fileUrl));
    if (r.kind === 'items-missing') return this.deliveries.email(messages.credentialingItemsMissing(account.email, fileUrl));
  }
}
