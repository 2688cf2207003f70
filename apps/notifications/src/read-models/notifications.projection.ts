import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import { qualifiedTable } from '@app/nest-kit';
import { NOTIFICATION_EVENT_TYPES, type NotificationEvent, type NotificationRaised } from '../domain/notification.events';

/**
 * Notifications and their per-account counters, from the notification events. Runs exactly
 * once per event (the runner commits the checkpoint with these writes), and every statement is
 * also safe to repeat: a counter moves only when its row really changed.
 */
@Injectable()
export class NotificationsProjection implements Projection {
  readonly name = 'notifications';
  readonly eventTypes = NOTIFICATION_EVENT_TYPES;
  // Rebuilt into shadow copies and swapped in atomically: the bell keeps its counts meanwhile.
  readonly tables = ['notifications', 'notification_counters'];

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const notificationsTable = qualifiedTable(em, 'notifications');
    const countersTable = qualifiedTable(em, 'notification_counters');
    const e = { type: event.type, data: event.data } as NotificationEvent;
    switch (e.type) {
      case 'NotificationRaised':
        await this.raiseAll(em, [event]);
        return;
      case 'NotificationRead': {
        const d = e.data;
        const updated = await em.execute<Array<{ id: string }>>(
          `UPDATE ${notificationsTable} SET status = 'Read', read_at = ?
            WHERE id = ? AND account_id = ? AND status = 'Unread' RETURNING id`,
          [d.readAt, d.notificationId, d.accountId],
        );
        if (updated.length) await this.bump(em, countersTable, d.accountId, -1, 0, event.recordedAt);
        return;
      }
      case 'AllNotificationsRead': {
        const d = e.data;
        await em.execute(`UPDATE ${notificationsTable} SET status = 'Read', read_at = ? WHERE account_id = ? AND status = 'Unread'`, [
          d.readAt,
          d.accountId,
        ]);
        await em.execute(`UPDATE ${countersTable} SET unread = 0, updated_at = ? WHERE account_id = ?`, [event.recordedAt, d.accountId]);
        return;
      }
      case 'AccountRequestSettled': {
        const d = e.data;
        await em.execute(`UPDATE ${notificationsTable} SET account_request_status = ? WHERE id = ? AND account_id = ?`, [d.outcome, d.notificationId, d.accountId]);
        return;
      }
      case 'NotificationDone': {
        const d = e.data;
        await em.execute(`UPDATE ${notificationsTable} SET done_at = ? WHERE id = ? AND account_id = ? AND done_at IS NULL`, [d.doneAt, d.notificationId, d.accountId]);
        const read = await em.execute<Array<{ id: string }>>(
          `UPDATE ${notificationsTable} SET status = 'Read', read_at = ? WHERE id = ? AND account_id = ? AND status = 'Unread' RETURNING id`,
          [d.doneAt, d.notificationId, d.accountId],
        );
        if (read.length) await this.bump(em, countersTable, d.accountId, -1, 0, event.recordedAt);
        return;
      }
      case 'BellCountReset': {
        const d = e.data;
        await em.execute(`UPDATE ${countersTable} SET bell_count = 0, bell_reset_at = ?, updated_at = ? WHERE account_id = ?`, [
          d.at,
          event.recordedAt,
          d.accountId,
        ]);
        return;
      }
    }
  }

  /**
   * A batch: runs of NotificationRaised (the bulk of this stream) go in as one multi-row INSERT
   * each, then one counter upsert for all the accounts that got a new notification (their bumps
   * summed, the last event's time); the other events through `handle`, in order between them.
   * The same rows and counters as `handle` event by event.
   */
  async handleBatch(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
    let run: RecordedEvent[] = [];
    const flush = async () => {
      if (run.length) await this.raiseAll(em, run);
      run = [];
    };
    for (const event of events) {
      if (event.type === 'NotificationRaised') {
        run.push(event);
        if (run.length >= 1000) await flush();
        continue;
      }
      await flush();
      await this.handle(event, em);
    }
    await flush();
  }

  /** Inserts the notifications of a run of NotificationRaised and bumps the counters of the accounts that got a new one. */
  private async raiseAll(em: EntityManager, run: readonly RecordedEvent[]): Promise<void> {
    const notificationsTable = qualifiedTable(em, 'notifications');
    const countersTable = qualifiedTable(em, 'notification_counters');
    const values = run.flatMap((event) => {
      const d = event.data as NotificationRaised['data'];
      return [
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
        d.accountRequestId ?? null,
        d.accountRequestId ? 'pending' : null,
        d.providerId ?? null,
        d.exclusionMatchId ?? null,
      ];
    });
    // A notification raised twice in one run: the first row goes in (as one by one), the second is skipped.
    const inserted = await em.execute<Array<{ id: string }>>(
      `INSERT INTO ${notificationsTable}
         (id, account_id, kind, status, alert_level, category, icon, heading, body, request_meta_data, source_event_id, created_at, raised_position,
          account_request_id, account_request_status, provider_id, exclusion_match_id)
       VALUES ${run.map(() => `(?, ?, ?, 'Unread', ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?::bigint, ?::uuid, ?, ?::uuid, ?)`).join(', ')}
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      values,
    );
    if (!inserted.length) return;
    const fresh = new Set(inserted.map((r) => String(r.id).toLowerCase()));
    const bumps = new Map<string, { n: number; at: Date }>();
    for (const event of run) {
      const d = event.data as NotificationRaised['data'];
      if (!fresh.delete(String(d.notificationId).toLowerCase())) continue;
      const account = d.accountId.toLowerCase();
      const bump = bumps.get(account) ?? { n: 0, at: event.recordedAt };
      bump.n++;
      bump.at = event.recordedAt;
      bumps.set(account, bump);
    }
    const rows = [...bumps.entries()];
    await em.execute(
      `INSERT INTO ${countersTable} AS c (account_id, unread, bell_count, updated_at)
       VALUES ${rows.map(() => '(?, ?::int, ?::int, ?::timestamptz)').join(', ')}
       ON CONFLICT (account_id) DO UPDATE
         SET unread = greatest(c.unread + excluded.unread, 0), bell_count = greatest(c.bell_count + excluded.bell_count, 0), updated_at = excluded.updated_at`,
      rows.flatMap(([accountId, b]) => [accountId, b.n, b.n, b.at]),
    );
  }

  private async bump(em: EntityManager, countersTable: string, accountId: string, unread: number, bell: number, at: Date): Promise<void> {
    await em.execute(
      `INSERT INTO ${countersTable} AS c (account_id, unread, bell_count, updated_at) VALUES (?, greatest(?::int, 0), greatest(?::int, 0), ?)
       ON CONFLICT (account_id) DO UPDATE
         SET unread = greatest(c.unread + ?::int, 0), bell_count = greatest(c.bell_count + ?::int, 0), updated_at = excluded.updated_at`,
      [accountId, unread, bell, at, unread, bell],
    );
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute(`DELETE FROM ${qualifiedTable(em, 'notifications')}`);
    await em.execute(`DELETE FROM ${qualifiedTable(em, 'notification_counters')}`);
  }
}
