import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE, PG_POOL } from '@app/nest-kit';
import { dayOf } from '../domain/calendar';
import type { ItemsChased } from '../domain/chase-events';
import { CHASED_CODES, cadenceOf, chaseDue, chaseKey, type ChaseCadence } from '../domain/chasing';
import { credentialingStreamId, openItemsOf, type FileState } from '../domain/credentialing-file.decider';
import { MONITORING_CLOCK, type Clock } from '../monitoring-alerts/clock';
import { MonitoringAlerts, uuidFor } from '../monitoring-alerts/monitoring-alerts';

export type ItemsChaseReport = { day: string; files: number; chases: number };

/**
 * The daily chase of missing items (with the expirables run): for each file being put together
 * (Not Started, Application, Verification), the open items the provider can close themself are
 * chased on the cadence of the provider's practices (default every 7 days, at most 4 times): one
 * email to the provider (identity, on the `items-missing` alert) and a line in the file's history
 * (`ItemsChased`). `credentialing_chases` holds (provider, item, chase number): only the rows
 * inserted now are sent, and event ids come from them, so a re-run, a restart or a second instance
 * sends nothing twice; a closed item is no longer open, so no longer chased.
 */
@Injectable()
export class ItemsChase {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly alerts: MonitoringAlerts,
    @Inject(MONITORING_CLOCK) private readonly clock: Clock,
  ) {}

  async run(): Promise<ItemsChaseReport> {
    const now = this.clock();
    const day = dayOf(now);
    const { rows: files } = await this.pool.query<{ provider_id: string; state: FileState; cadences: ChaseCadence[] | null }>(
      `SELECT f.provider_id, f.state,
              (SELECT json_agg(json_build_object('everyDays', c.every_days, 'maxTimes', c.max_times)) FROM credentialing_memberships m
                 JOIN credentialing_chasing c ON c.practice_id = m.practice_id WHERE m.user_id = f.provider_id) AS cadences
         FROM credentialing_files f WHERE f.status IN ('Not Started', 'Application', 'Verification')`,
    );
    let chases = 0;
    let chasedFiles = 0;
    for (const f of files) {
      const c = f.state.current;
      if (!c) continue;
      const cadence = cadenceOf(f.cadences ?? []);
      const items = openItemsOf(c, now).filter((i) => CHASED_CODES.has(i.code));
      if (!items.length) continue;
      const { rows: sent } = await this.pool.query<{ item_key: string; sent: number; last_sent_on: string }>(
        `SELECT item_key, count(*)::int AS sent, to_char(max(sent_on), 'YYYY-MM-DD') AS last_sent_on FROM credentialing_chases WHERE provider_id = $1 GROUP BY item_key`,
        [f.provider_id],
      );
      const history = new Map(sent.map((r) => [r.item_key, { sent: r.sent, lastSentOn: r.last_sent_on }]));
      const due = items.flatMap((i) => {
        const key = chaseKey(i);
        const n = chaseDue(history.get(key) ?? { sent: 0, lastSentOn: null }, cadence, day);
        return n === null ? [] : [{ key, message: i.message, chase: n, of: cadence.maxTimes }];
      });
      if (!due.length) continue;
      const inserted = await this.pool.query<{ item_key: string; chase: number }>(
        `INSERT INTO credentialing_chases (provider_id, item_key, chase, sent_on)
         SELECT $1, k, n, $4::date FROM unnest($2::text[], $3::int[]) AS x(k, n)
         ON CONFLICT DO NOTHING RETURNING item_key, chase`,
        [f.provider_id, due.map((d) => d.key), due.map((d) => d.chase), day],
      );
      const fresh = new Set(inserted.rows.map((r) => `${r.item_key}#${r.chase}`));
      const chased = due.filter((d) => fresh.has(`${d.key}#${d.chase}`));
      if (!chased.length) continue;
      const key = `chase:${f.provider_id}:${chased.map((d) => `${d.key}#${d.chase}`).sort().join(',')}`;
      const event: ItemsChased = {
        type: 'ItemsChased',
        data: { providerId: f.provider_id, cycleId: c.cycleId, items: chased, channels: ['email'], at: now.toISOString(), by: 'system' },
      };
      await this.store.append(credentialingStreamId(f.provider_id), [{ id: uuidFor(key), type: event.type, data: event.data, metadata: { actorId: 'system' } }]);
      await this.alerts.raise(
        // Its own key: event ids are unique across the store, the file's ItemsChased has the chase's.
        [{ key: `items-missing:${key}`, providerId: f.provider_id, kind: 'items-missing', alertLevel: 'Warning', credentialKind: null, dueOn: null, daysLeft: null, toProvider: true, toStaff: false }],
        now,
      );
      chases += chased.length;
      chasedFiles += 1;
    }
    return { day, files: chasedFiles, chases };
  }
}
