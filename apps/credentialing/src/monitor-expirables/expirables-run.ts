import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { dayOf } from '../domain/calendar';
import { NPDB_ENROLLMENT, alertLevelFor } from '../domain/expirables';
import { MONITORING_CLOCK, type Clock } from '../monitoring-alerts/clock';
import { MonitoringAlerts, type Alert } from '../monitoring-alerts/monitoring-alerts';

export type ExpirablesReport = { day: string; credentialReminders: number; recredentialingReminders: number; alerts: number; seconds: number };

/** The threshold a date has reached on a day, in SQL (the same rule as domain/expirables.ts thresholdReached). */
const thresholdSql = (due: string, thresholds: readonly number[]) =>
  `CASE ${[...thresholds].sort((a, b) => a - b).map((t) => `WHEN ${due} - $1::date <= ${t} THEN ${t}`).join(' ')} END`;

/**
 * The daily expirables run (and on start): each credential of a current file reaching 120, 90,
 * 60, 30 days before its expiry or its expiry day (0), each approved file's recredentialing due
 * date reaching 120 and 90 days, reminds once: `monitoring_reminders` records (subject, date,
 * threshold) and only the rows inserted now raise alerts, so re-running the day sends nothing new,
 * and a renewed credential (a new expiry date) is far from its thresholds again. Alerts go to the
 * provider and the file's staff and master admin; the level follows the urgency.
 */
@Injectable()
export class ExpirablesRun {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly alerts: MonitoringAlerts,
    @Inject(MONITORING_CLOCK) private readonly clock: Clock,
  ) {}

  async run(): Promise<ExpirablesReport> {
    const started = Date.now();
    const now = this.clock();
    const day = dayOf(now);
    const maxAhead = Math.max(...credentialing.EXPIRY_THRESHOLDS);
    const credentials = await this.pool.query<{ subject_id: string; provider_id: string; due_on: string; threshold: number; kind: credentialing.CredentialKind }>(
      `WITH due AS (
         SELECT e.credential_id::text AS subject_id, e.provider_id, e.expires_on, e.kind, ${thresholdSql('e.expires_on', credentialing.EXPIRY_THRESHOLDS)} AS threshold
           FROM credentialing_expirables e
          WHERE e.expires_on <= $1::date + ${maxAhead} AND e.expires_on > $1::date - 30)
       INSERT INTO monitoring_reminders (subject_id, due_on, threshold, provider_id, sent_on)
       SELECT subject_id, expires_on, threshold, provider_id, $1::date FROM due WHERE threshold IS NOT NULL
       ON CONFLICT DO NOTHING
       RETURNING subject_id, provider_id, to_char(due_on, 'YYYY-MM-DD') AS due_on, threshold,
                 (SELECT kind FROM credentialing_expirables x WHERE x.credential_id::text = subject_id AND x.provider_id = monitoring_reminders.provider_id) AS kind`,
      [day],
    );
    const maxRecred = Math.max(...credentialing.RECREDENTIALING_THRESHOLDS);
    const recred = await this.pool.query<{ provider_id: string; due_on: string; threshold: number }>(
      `WITH due AS (
         SELECT f.provider_id, f.recredentialing_due_on AS due_on, ${thresholdSql('f.recredentialing_due_on', credentialing.RECREDENTIALING_THRESHOLDS)} AS threshold
           FROM credentialing_files f
          WHERE (f.status = 'Approved' OR f.approval_in_force) AND f.recredentialing_due_on <= $1::date + ${maxRecred} AND f.recredentialing_due_on >= $1::date)
       INSERT INTO monitoring_reminders (subject_id, due_on, threshold, provider_id, sent_on)
       SELECT 'recredentialing:' || provider_id, due_on, threshold, provider_id, $1::date FROM due WHERE threshold IS NOT NULL
       ON CONFLICT DO NOTHING
       RETURNING provider_id, to_char(due_on, 'YYYY-MM-DD') AS due_on, threshold`,
      [day],
    );
    const daysLeft = (due: string) => Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
    const alerts: Alert[] = [
      ...credentials.rows.map(
        (r): Alert => ({
          key: `expiry:${r.subject_id}:${r.due_on}:${r.threshold}`,
          providerId: r.provider_id,
          kind: r.threshold === 0 ? 'credential-expired' : 'credential-expiring',
          alertLevel: alertLevelFor(r.threshold),
          // An NPDB enrollment is no credential kind (the alert names a credential).
          credentialKind: (r.kind as string) === NPDB_ENROLLMENT ? null : r.kind,
          dueOn: r.due_on,
          daysLeft: daysLeft(r.due_on),
          toProvider: true,
        }),
      ),
      ...recred.rows.map(
        (r): Alert => ({
          key: `recredentialing:${r.provider_id}:${r.due_on}:${r.threshold}`,
          providerId: r.provider_id,
          kind: 'recredentialing-due',
          alertLevel: r.threshold <= 90 ? 'Warning' : 'Info',
          credentialKind: null,
          dueOn: r.due_on,
          daysLeft: daysLeft(r.due_on),
          toProvider: true,
        }),
      ),
    ];
    const raised = await this.alerts.raise(alerts, now);
    return { day, credentialReminders: credentials.rowCount ?? 0, recredentialingReminders: recred.rowCount ?? 0, alerts: raised, seconds: (Date.now() - started) / 1000 };
  }
}
