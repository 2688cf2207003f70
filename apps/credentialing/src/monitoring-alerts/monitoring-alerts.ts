import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { credentialing } from '@app/contracts';
import type { AppendResult, EventStore, NewEvent, PostgresEventStore } from '@app/event-store';
import { EVENT_STORE, PG_POOL } from '@app/nest-kit';

/**
 * The service's event store: Postgres (its batch append: 500 providers' alerts in one statement),
 * or KurrentDB with EVENT_STORE=kurrentdb (no batch append: each provider's stream on its own).
 */
type AlertStore = EventStore & Partial<Pick<PostgresEventStore, 'appendMany'>>;

/** A deterministic uuid (v5-shaped) from a name: the same alert always gets the same event id. */
export function uuidFor(name: string): string {
  const h = createHash('sha1').update(`credentialing-monitoring:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

export type Alert = Omit<credentialing.MonitoringAlertRaisedV1, 'alertId' | 'recipients' | 'providerName' | 'raisedAt'> & {
  /** What makes the alert unique (raised once: a second raise with the same key stores nothing). */
  key: string;
  /** Whether the provider themself is told (expirables) or only staff and the master admin (exclusions). */
  toProvider: boolean;
  /** Whether the staff are told too (default); reminders and chases addressed to the provider alone say false. */
  toStaff?: boolean;
};

export const alertStreamId = (providerId: string) => `credentialing-alerts-${providerId}`;
export const MONITORING_ALERT_EVENT = 'MonitoringAlertRaised';

/**
 * Raises monitoring alerts as events of the provider's alert stream (`credentialing-alerts-<id>`),
 * which leave the service as `events.credentialing.MonitoringAlertRaised`; the notifications
 * service makes one notification per recipient (category Credentialing) and pushes it live.
 * Recipients: the master admins, the credentialing staff of the provider's practices and, for
 * expirables, the provider. Event ids come from the alert's key: raising twice stores it once.
 */
@Injectable()
export class MonitoringAlerts {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: AlertStore,
  ) {}

  async raise(alerts: Alert[], now: Date): Promise<number> {
    if (!alerts.length) return 0;
    const providers = [...new Set(alerts.map((a) => a.providerId))];
    const who = await this.recipients(providers);
    const byProvider = new Map<string, NewEvent[]>();
    for (const a of alerts) {
      const r = who.get(a.providerId) ?? { name: null, staff: [] };
      const recipients = [...new Set([...(a.toStaff === false ? [] : r.staff), ...(a.toProvider ? [a.providerId] : [])])];
      if (!recipients.length) continue;
      const alertId = uuidFor(a.key);
      const data: credentialing.MonitoringAlertRaisedV1 = {
        alertId,
        providerId: a.providerId,
        providerName: r.name,
        kind: a.kind,
        alertLevel: a.alertLevel,
        recipients,
        credentialKind: a.credentialKind,
        dueOn: a.dueOn,
        daysLeft: a.daysLeft,
        raisedAt: now.toISOString(),
        ...(a.matchId ? { matchId: a.matchId } : {}),
      };
      const list = byProvider.get(a.providerId) ?? [];
      list.push({ id: alertId, type: MONITORING_ALERT_EVENT, data, metadata: { actorId: 'system' } });
      byProvider.set(a.providerId, list);
    }
    const entries = [...byProvider.entries()];
    let stored = 0;
    for (let i = 0; i < entries.length; i += 500) {
      const appends = entries.slice(i, i + 500).map(([providerId, events]) => ({ streamId: alertStreamId(providerId), events }));
      const results = this.store.appendMany ? await this.store.appendMany(appends) : await appendEach(this.store, appends);
      for (const r of results) if (!(r instanceof Error)) stored += r.globalPositions.length;
    }
    return stored;
  }

  /** Per provider: its name and the staff to tell (master admins, its practices' credentialing staff). */
  async recipients(providerIds: string[]): Promise<Map<string, { name: string | null; staff: string[] }>> {
    const { rows } = await this.pool.query<{ id: string; name: string | null; staff: string[] | null }>(
      `WITH admins AS (SELECT coalesce(array_agg(id), '{}') AS ids FROM credentialing_profiles WHERE is_master_admin AND NOT deleted)
       SELECT p.id, NULLIF(trim(concat_ws(' ', p.first_name, p.last_name)), '') AS name,
              (SELECT ids FROM admins) || coalesce((SELECT array_agg(DISTINCT s.user_id) FROM credentialing_memberships m
                  JOIN credentialing_memberships s ON s.practice_id = m.practice_id AND s.access_type = ANY($2) AND s.user_id <> m.user_id
                 WHERE m.user_id = p.id), '{}') AS staff
         FROM credentialing_profiles p WHERE p.id = ANY($1::uuid[])`,
      [providerIds, credentialing.CREDENTIALING_ACCESS_TYPES],
    );
    return new Map(rows.map((r) => [r.id, { name: r.name, staff: [...new Set(r.staff ?? [])] }]));
  }
}

/** `appendMany`'s answers on a store without it: each provider's alerts appended on their own (ids make a repeat store nothing), a failure as its result. */
function appendEach(store: EventStore, appends: Array<{ streamId: string; events: NewEvent[] }>): Promise<Array<AppendResult | Error>> {
  return Promise.all(appends.map((a) => store.append(a.streamId, a.events).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))))));
}
