import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { DurableEventConsumer, NATS_CONNECTION, subjects } from '@app/nest-kit';
import { NotificationsWriter, type WriteResult } from '../infrastructure/notifications.writer';
import { RealtimePublisher } from '../infrastructure/realtime.publisher';
import { type ParsedCredentialingMessage, parseCredentialingMessage, reactToAlert } from './credentialing-reactions';
import { type ParsedNoticeMessage, isNoticeSubject, parseNoticeMessage, reactToNotice } from './credentialing-notices';

export const NOTIFICATIONS_CREDENTIALING_DURABLE = 'notifications-credentialing';
export const credentialingFilterSubjects = () => [subjects().allEvents('credentialing')];

/** Credentialing's monitoring alerts become notifications, stored then pushed live (a durable JetStream consumer). */
@Injectable()
export class CredentialingEventsConsumer extends DurableEventConsumer<ParsedCredentialingMessage | ParsedNoticeMessage> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    private readonly writer: NotificationsWriter,
    private readonly realtime: RealtimePublisher,
  ) {
    super(nc, { name: 'CredentialingEvents', durable: NOTIFICATIONS_CREDENTIALING_DURABLE, filterSubjects: credentialingFilterSubjects });
  }

  protected parse(msg: JsMsg): ParsedCredentialingMessage | ParsedNoticeMessage {
    // The notices of a file (decisions, appeals, corrections): credentialing-notices.ts.
    if (isNoticeSubject(msg.subject)) return parseNoticeMessage(msg.subject, msg.data);
    return parseCredentialingMessage(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedCredentialingMessage, { kind: 'alert' }> | ParsedNoticeMessage, msg: JsMsg) {
    const written: WriteResult[] = [];
    const reactions = parsed.kind === 'notice' ? reactToNotice(parsed.notice, { eventId: parsed.eventId }) : reactToAlert(parsed.alert, { eventId: parsed.eventId });
    for (const r of reactions) {
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
