import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { DurableEventConsumer, NATS_CONNECTION, subjects } from '@app/nest-kit';
import { type ParsedIdentityEvent, parseIdentityEvent } from './identity-events';
import { ProfileWriter } from '../infrastructure/profile.writer';

/** The durable consumer's name (prefixed per NATS_PREFIX) and what it listens to. */
export const DIRECTORY_DURABLE = 'directory';
export const directoryFilterSubjects = () => [subjects().allEvents('identity')];

/**
 * Gives every account a profile and keeps its copy of identity's identifiers and roles current
 * (a durable JetStream consumer: see DurableEventConsumer); each reaction is a command on the
 * profile aggregate, idempotent by the event's id.
 */
@Injectable()
export class IdentityAccountsConsumer extends DurableEventConsumer<ParsedIdentityEvent> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    private readonly writer: ProfileWriter,
  ) {
    super(nc, { name: 'IdentityAccounts', durable: DIRECTORY_DURABLE, filterSubjects: directoryFilterSubjects });
  }

  protected parse(msg: JsMsg): ParsedIdentityEvent {
    return parseIdentityEvent(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedIdentityEvent, { kind: 'reaction' }>, msg: JsMsg): Promise<void> {
    const { profileId, command } = parsed.reaction;
    const result = await this.writer.execute(profileId, command, { source: { id: parsed.eventId, subject: msg.subject, correlationId: parsed.correlationId } });
    if (result.duplicate) this.logger.debug(`event ${parsed.eventId} was already handled`);
  }
}
