import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { DurableEventConsumer, NATS_CONNECTION, subjects } from '@app/nest-kit';
import { NotificationsWriter, type WriteResult } from '../infrastructure/notifications.writer';
import { RealtimePublisher } from '../infrastructure/realtime.publisher';
import { type ParsedCredentialingMessage, parseCredentialingMessage, reactToAlert } from './credentialing-reactions';

export const NOTIFICATIONS_CREDENTIALING_DURABLE = 'notifications-credentialing';
export const credentialingFilterSubjects = () => [subjects().allEvents('credentialing')];

/** Credentialing's monitoring alerts become notifications, stored then pushed live (a durable JetStream consumer). */
@Injectable()
export class CredentialingEventsConsumer extends DurableEventConsumer<ParsedCredentialingMessage> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    private readonly writer: NotificationsWriter,
    private readonly realtime: RealtimePublisher,
  ) {
    super(nc, { name: 'CredentialingEvents', durable: NOTIFICATIONS_CREDENTIALING_DURABLE, filterSubjects: credentialingFilterSubjects });
  }

  protected parse(msg: JsMsg): ParsedCredentialingMessage {
    return parseCredentialingMessage(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedCredentialingMessage, { kind: 'alert' }>, msg: JsMsg) {
    const written: WriteResult[] = [];
    for (const r of reactToAlert(parsed.alert, { eventId: parsed.eventId })) {
      const result = await this.writer.execute(r.accountId, r.command, { source: { id: r.sourceId, subject: msg.subject, correlationId: parsed.correlationId } });
      if (!result.duplicate) written.push(result);
    }
    if (!written.length) return;
    return async () => {
      for (const result of written) {
        await this.writer.projected(result);
        for (const e of result.newEvents) if (e.type === 'NotificationRaised') this.realtime.notificationRaised(e, result.state);
      }
    };
  }
}
