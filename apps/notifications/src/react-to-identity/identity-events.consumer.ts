import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { DurableEventConsumer, NATS_CONNECTION, subjects } from '@app/nest-kit';
import { reactToIdentity } from '../domain/identity-reactions';
import { NotificationsWriter } from '../infrastructure/notifications.writer';
import { RealtimePublisher } from '../infrastructure/realtime.publisher';
import { type ParsedIdentityMessage as IdentityMessage, parseIdentityMessage } from './identity-cloud-event';

/** The durable consumer's name (prefixed per NATS_PREFIX) and what it listens to. */
export const NOTIFICATIONS_DURABLE = 'notifications';
export const notificationsFilterSubjects = () => [subjects().allEvents('identity')];

/**
 * Turns identity's integration events into notifications (a durable JetStream consumer: see
 * DurableEventConsumer). Each notification is stored, then pushed to the user's browsers.
 */
@Injectable()
export class IdentityEventsConsumer extends DurableEventConsumer<IdentityMessage> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    private readonly writer: NotificationsWriter,
    private readonly realtime: RealtimePublisher,
  ) {
    super(nc, { name: 'IdentityEvents', durable: NOTIFICATIONS_DURABLE, filterSubjects: notificationsFilterSubjects });
  }

  protected parse(msg: JsMsg): IdentityMessage {
    return parseIdentityMessage(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<IdentityMessage, { kind: 'fact' }>, msg: JsMsg) {
    const { accountId, command } = reactToIdentity(parsed.fact, { eventId: parsed.eventId, time: parsed.time });
    const result = await this.writer.execute(accountId, command, { source: { id: parsed.eventId, subject: msg.subject, correlationId: parsed.correlationId } });
    const raised = result.duplicate ? [] : result.newEvents.filter((e) => e.type === 'NotificationRaised');
    if (!raised.length) return;
    return async () => {
      // Stored first, then pushed: a browser that re-fetches after the push finds it.
      await this.writer.projected(result);
      for (const e of raised) this.realtime.notificationRaised(e, result.state);
    };
  }
}
