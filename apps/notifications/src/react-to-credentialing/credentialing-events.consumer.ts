import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { EntityManager } from '@mikro-orm/postgresql';
import { DurableEventConsumer, NATS_CONNECTION, qualifiedTable, subjects } from '@app/nest-kit';
import { NotificationsWriter, type WriteResult } from '../infrastructure/notifications.writer';
import { RealtimePublisher } from '../infrastructure/realtime.publisher';
import { type ParsedCredentialingMessage, parseCredentialingMessage, reactToAlert, reactToResolution } from './credentialing-reactions';
import { type ParsedNoticeMessage, isNoticeSubject, parseNoticeMessage, reactToNotice } from './credentialing-notices';

export const NOTIFICATIONS_CREDENTIALING_DURABLE = 'notifications-credentialing';
export const credentialingFilterSubjects = () => [subjects().allEvents('credentialing')];

/**
 * Credentialing's monitoring alerts and a file's notices (decisions, appeals, corrections) become
 * notifications, stored then pushed live; a resolved exclusion match marks the Danger alerts about
 * it done (a durable JetStream consumer).
 */
@Injectable()
export class CredentialingEventsConsumer extends DurableEventConsumer<ParsedCredentialingMessage | ParsedNoticeMessage> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    private readonly writer: NotificationsWriter,
    private readonly realtime: RealtimePublisher,
    private readonly em: EntityManager,
  ) {
    super(nc, { name: 'CredentialingEvents', durable: NOTIFICATIONS_CREDENTIALING_DURABLE, filterSubjects: credentialingFilterSubjects });
  }

  protected parse(msg: JsMsg): ParsedCredentialingMessage | ParsedNoticeMessage {
    // The notices of a file (decisions, appeals, corrections): credentialing-notices.ts.
    if (isNoticeSubject(msg.subject)) return parseNoticeMessage(msg.subject, msg.data);
    return parseCredentialingMessage(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedCredentialingMessage, { kind: 'alert' | 'resolved' }> | ParsedNoticeMessage, msg: JsMsg) {
    const written: WriteResult[] = [];
    const reactions =
      parsed.kind === 'notice'
        ? reactToNotice(parsed.notice, { eventId: parsed.eventId })
        : parsed.kind === 'alert'
          ? reactToAlert(parsed.alert, { eventId: parsed.eventId })
          : reactToResolution(parsed.resolved, await this.alerted(parsed.resolved.providerId), parsed);
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

  /** The accounts holding an exclusion alert about the provider not yet done (this service's own read model). */
  private async alerted(providerId: string): Promise<string[]> {
    const em = this.em.fork();
    const rows = await em.execute<{ account_id: string }[]>(
      `SELECT DISTINCT account_id FROM ${qualifiedTable(em, 'notifications')} WHERE provider_id = ? AND exclusion_match_id IS NOT NULL AND done_at IS NULL`,
      [providerId],
    );
    return rows.map((r) => r.account_id);
  }
}
