import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { DurableEventConsumer, NATS_CONNECTION, subjects } from '@app/nest-kit';
import { reactToAccountRequest } from '../domain/account-request-reactions';
import { reactToIdentity } from '../domain/identity-reactions';
import { NotificationsWriter, type WriteResult } from '../infrastructure/notifications.writer';
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

  protected async apply(parsed: Extract<IdentityMessage, { kind: 'fact' | 'account-request' }>, msg: JsMsg) {
    if (parsed.kind === 'account-request') return this.applyAccountRequest(parsed, msg);
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

  /**
   * An account request raises a notification for each master admin it names; its approval or
   * decline settles each of them. Stored, then pushed: the drawers show the buttons, then the outcome.
   */
  private async applyAccountRequest(parsed: Extract<IdentityMessage, { kind: 'account-request' }>, msg: JsMsg) {
    const written: WriteResult[] = [];
    for (const r of reactToAccountRequest(parsed.fact, { eventId: parsed.eventId, time: parsed.time })) {
      const result = await this.writer.execute(r.accountId, r.command, { source: { id: r.sourceId, subject: msg.subject, correlationId: parsed.correlationId } });
      if (!result.duplicate && result.newEvents.length) written.push(result);
    }
    if (!written.length) return;
    return async () => {
      for (const result of written) {
        await this.writer.projected(result);
        for (const e of result.newEvents) {
          if (e.type === 'NotificationRaised') this.realtime.notificationRaised(e, result.state);
          if (e.type === 'AccountRequestSettled') await this.realtime.notificationChanged(e.data.accountId, e.data.notificationId, result.state);
        }
      }
    };
  }
}
