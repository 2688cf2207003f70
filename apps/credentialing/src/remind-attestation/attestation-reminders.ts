import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { attestationReminderLevel, attestationReminderOn } from '../domain/attestation-cycle';
import { dayOf, daysBetween } from '../domain/calendar';
import { MONITORING_CLOCK, type Clock } from '../monitoring-alerts/clock';
import { MonitoringAlerts, type Alert } from '../monitoring-alerts/monitoring-alerts';

export type AttestationRemindersReport = { day: string; reminders: number; alerts: number };

/** The reminder's key: the file, the attestation (its due date) and the threshold. */
export const attestationReminderKey = (providerId: string, dueOn: string, threshold: number) => `attestation:${providerId}:${dueOn}:${threshold}`;

/**
 * The daily re-attestation reminders (with the expirables run): each file whose attestation is due
 * within 15 days reminds the provider at the threshold reached (15, 10, 5 days before), by a
 * notification and an email (identity emails the provider on the `attestation-due` alert).
 * `monitoring_reminders` records (`attestation:<providerId>`, due date, threshold) and only the rows
 * inserted now raise alerts; the alert's id comes from the same key, so a re-run, a restart or a
 * second instance sends nothing twice, and a re-attestation (a new due date) stops the old ones.
 */
@Injectable()
export class AttestationReminders {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly alerts: MonitoringAlerts,
    @Inject(MONITORING_CLOCK) private readonly clock: Clock,
  ) {}

  async run(): Promise<AttestationRemindersReport> {
    const now = this.clock();
    const day = dayOf(now);
    const ahead = Math.max(...credentialing.ATTESTATION_REMINDER_DAYS);
    const { rows: files } = await this.pool.query<{ provider_id: string; due_on: string }>(
      `SELECT provider_id, to_char(attestation_due_on, 'YYYY-MM-DD') AS due_on FROM credentialing_files
        WHERE attestation_due_on > $1::date AND attestation_due_on <= $1::date + $2::int AND (status <> 'Denied' OR approval_in_force)`,
      [day, ahead],
    );
    const due = files.flatMap((f) => {
      const threshold = attestationReminderOn(f.due_on, day);
      return threshold === null ? [] : [{ providerId: f.provider_id, dueOn: f.due_on, threshold }];
    });
    if (!due.length) return { day, reminders: 0, alerts: 0 };
    const inserted = await this.pool.query<{ provider_id: string; due_on: string; threshold: number }>(
      `INSERT INTO monitoring_reminders (subject_id, due_on, threshold, provider_id, sent_on)
       SELECT 'attestation:' || p, d::date, t, p::uuid, $4::date FROM unnest($1::text[], $2::text[], $3::int[]) AS x(p, d, t)
       ON CONFLICT DO NOTHING
       RETURNING provider_id::text, to_char(due_on, 'YYYY-MM-DD') AS due_on, threshold`,
      [due.map((d) => d.providerId), due.map((d) => d.dueOn), due.map((d) => d.threshold), day],
    );
    const alerts = inserted.rows.map(
      (r): Alert => ({
        key: attestationReminderKey(r.provider_id, r.due_on, r.threshold),
        providerId: r.provider_id,
        kind: 'attestation-due',
        alertLevel: attestationReminderLevel(r.threshold),
        credentialKind: null,
        dueOn: r.due_on,
        daysLeft: daysBetween(day, r.due_on),
        toProvider: true,
        toStaff: false,
      }),
    );
    const raised = await this.alerts.raise(alerts, now);
    return { day, reminders: inserted.rowCount ?? 0, alerts: raised };
  }
}
