import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import { SERVICE_CONFIG, type ServiceConfig } from '@app/nest-kit';
import { NOTIFICATION_EVENT_TYPES, type NotificationEvent } from '../domain/notification.events';

/**
 * Notifications and their per-account counters, from the notification events. Runs exactly
 * once per event (the runner commits the checkpoint with these writes), and every statement is
 * also safe to repeat: a counter moves only when its row really changed.
 */
@Injectable()
export class NotificationsProjection implements Projection {
  readonly name = 'notifications';
  readonly eventTypes = NOTIFICATION_EVENT_TYPES;
  private readonly notifications: string;
  private readonly counters: string;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    // Raw SQL through the ORM connection does not get the pool's search_path: qualify the tables.
    const schema = `"${config.DATABASE_SCHEMA}"`;
    this.notifications = `${schema}.notifications`;
    this.counters = `${schema}.notification_counters`;
  }

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const e = { type: event.type, data: event.data } as NotificationEvent;
    switch (e.type) {
      case 'NotificationRaised': {
        const d = e.data;
        const inserted = await em.execute<Array<{ id: string }>>(
          `INSERT INTO ${this.notifications}
             (id, account_id, kind, status, alert_level, category, icon, heading, body, request_meta_data, source_event_id, created_at, raised_position)
           VALUES (?, ?, ?, 'Unread', ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?::bigint)
           ON CONFLICT (id) DO NOTHING RETURNING id`,
          [
            d.notificationId,
            d.accountId,
            d.kind,
            d.alertLevel,
            d.category,
            d.icon,
            d.heading,
            d.body,
            d.requestMetaData ? JSON.stringify(d.requestMetaData) : null,
            d.sourceEventId,
            d.createdAt,
            event.globalPosition,
          ],
        );
        if (inserted.length) await this.bump(em, d.accountId, 1, 1, event.recordedAt);
        return;
      }
      case 'NotificationRead': {
        const d = e.data;
        const updated = await em.execute<Array<{ id: string }>>(
          `UPDATE ${this.notifications} SET status = 'Read', read_at = ?
            WHERE id = ? AND account_id = ? AND status = 'Unread' RETURNING id`,
          [d.readAt, d.notificationId, d.accountId],
        );
        if (updated.length) await this.bump(em, d.accountId, -1, 0, event.recordedAt);
        return;
      }
      case 'AllNotificationsRead': {
        const d = e.data;
        await em.execute(`UPDATE ${this.notifications} SET status = 'Read', read_at = ? WHERE account_id = ? AND status = 'Unread'`, [
          d.readAt,
          d.accountId,
        ]);
        await em.execute(`UPDATE ${this.counters} SET unread = 0, updated_at = ? WHERE account_id = ?`, [event.recordedAt, d.accountId]);
        return;
      }
      case 'BellCountReset': {
        const d = e.data;
        await em.execute(`UPDATE ${this.counters} SET bell_count = 0, bell_reset_at = ?, updated_at = ? WHERE account_id = ?`, [
          d.at,
          event.recordedAt,
          d.accountId,
        ]);
        return;
      }
    }
  }

  private async bump(em: EntityManager, accountId: string, unread: number, bell: number, at: Date): Promise<void> {
    await em.execute(
      `INSERT INTO ${this.counters} AS c (account_id, unread, bell_count, updated_at) VALUES (?, greatest(?::int, 0), greatest(?::int, 0), ?)
       ON CONFLICT (account_id) DO UPDATE
         SET unread = greatest(c.unread + ?::int, 0), bell_count = greatest(c.bell_count + ?::int, 0), updated_at = excluded.updated_at`,
      [accountId, unread, bell, at, unread, bell],
    );
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute(`DELETE FROM ${this.notifications}`);
    await em.execute(`DELETE FROM ${this.counters}`);
  }
}
