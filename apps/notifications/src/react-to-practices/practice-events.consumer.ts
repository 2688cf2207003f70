import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { DurableEventConsumer, NATS_CONNECTION, subjects } from '@app/nest-kit';
import { NotificationsWriter } from '../infrastructure/notifications.writer';
import { RealtimePublisher } from '../infrastructure/realtime.publisher';
import { type ParsedPracticeMessage, parsePracticeMessage, reactToPractice } from './practice-reactions';

/** The durable consumer's name (prefixed per NATS_PREFIX) and what it listens to. */
export const NOTIFICATIONS_PRACTICES_DURABLE = 'notifications-practices';
export const practicesFilterSubjects = () => [subjects().allEvents('practices')];

/**
 * Turns the practices service's integration events into notifications (a durable JetStream
 * consumer: see DurableEventConsumer). Each notification is stored, then pushed.
 */
@Injectable()
export class PracticeEventsConsumer extends DurableEventConsumer<ParsedPracticeMessage> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    private readonly writer: NotificationsWriter,
    private readonly realtime: RealtimePublisher,
  ) {
    super(nc, { name: 'PracticeEvents', durable: NOTIFICATIONS_PRACTICES_DURABLE, filterSubjects: practicesFilterSubjects });
  }

  protected parse(msg: JsMsg): ParsedPracticeMessage {
    return parsePracticeMessage(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedPracticeMessage, { kind: 'fact' }>, msg: JsMsg) {
    const { accountId, command } = reactToPractice(parsed.fact, { eventId: parsed.eventId, time: parsed.time });
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
