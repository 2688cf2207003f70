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
export const credentialingDecisionSubjects = () => [subjects().event('credentialing', credentialing.CREDENTIALING_DECIDED_V1)];

type Decided = Pick<credentialing.CredentialingDecidedV1, 'providerId' | 'appeal'>;
export type ParsedDecision = { kind: 'decided'; eventId: string; decided: Decided } | { kind: 'skip' | 'malformed'; eventId?: string; reason: string };

const contracts: Record<string, z.ZodType<Decided>> = {
  [credentialing.CREDENTIALING_DECIDED_V1]: z.looseObject({ providerId: z.uuid(), appeal: z.boolean().optional().default(false) }) as unknown as z.ZodType<Decided>,
};

export function parseDecision(subject: string, payload: Uint8Array): ParsedDecision {
  const parsed = parseIntegrationEvent('credentialing', subject, payload, contracts);
  return parsed.kind === 'event' ? { kind: 'decided', eventId: parsed.eventId, decided: parsed.data } : parsed;
}

/**
 * Identity owns email: when credentialing decides a provider's file (or its appeal), the provider
 * (an account: the profile id is the account id) gets an email saying a decision has been made,
 * with the link to sign in and read the letter. The decision and its reasons stay in the file.
 * A failed send is retried with backoff (the message is acked after the send: at least once).
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

  protected async apply(parsed: Extract<ParsedDecision, { kind: 'decided' }>): Promise<void> {
    const account = await this.accounts.byId(parsed.decided.providerId);
    if (!account) return; // A profile without an account (never invited): nobody to email.
    const fileUrl = `${this.config.APP_URL.replace(/\/+$/, '')}${credentialing.INVITATION_LANDING}`;
    await this.deliveries.email(messages.credentialingDecision(account.email, parsed.decided.appeal, fileUrl));
  }
}
