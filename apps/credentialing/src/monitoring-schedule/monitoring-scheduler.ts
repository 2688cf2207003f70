import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@app/nest-kit';
import { dayOf, daysBetween } from '../domain/calendar';
import { MONITORING_CLOCK, type Clock } from '../monitoring-alerts/clock';
import { ExpirablesRun } from '../monitor-expirables/expirables-run';
import { ConditionsFollowUp } from '../committee-follow-up/conditions-follow-up';
import { AttestationReminders } from '../remind-attestation/attestation-reminders';
import { ItemsChase } from '../chase-items/items-chase';
import { ExclusionScreeningService } from '../infrastructure/exclusion-screening.service';

/**
 * The monitoring's clockwork, in the service: every `MONITORING_TICK_MS` (default 10 s) it screens
 * the rows of LEIE imports not screened yet (the importer is a CLI: it leaves its changes in
 * `leie_changes`) and files never screened, and once a day (and on start) runs the expirables,
 * the re-attestation reminders, the chase of missing items
 * and the daily exclusion screening (every file matched; the changed files and the day's share of
 * renewals recorded, so every file has a fresh record within 30 days). `monitoring_runs`
 * remembers the days, so a restart does not run them twice; the daily screening waits for a
 * first LEIE import (until then it is not marked as run). The runs are idempotent anyway; one
 * service instance at a time runs them (advisory lock).
 */
@Injectable()
export class MonitoringScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Monitoring');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private newFilesCheckedAt = 0;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly screening: ExclusionScreeningService,
    private readonly expirables: ExpirablesRun,
    private readonly attestations: AttestationReminders,
    private readonly chase: ItemsChase,
    @Inject(MONITORING_CLOCK) private readonly clock: Clock,
    private readonly followUps: ConditionsFollowUp,
  ) {}

  onApplicationBootstrap() {
    if (process.env.MONITORING_SCHEDULE === 'off') return;
    const every = Number(process.env.MONITORING_TICK_MS ?? 10_000);
    const tick = () => {
      if (this.stopped || this.running) return;
      this.running = this.tick()
        .catch((err: unknown) => this.logger.warn(`monitoring run failed: ${err instanceof Error ? err.message : err}`))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(tick, every);
    this.timer.unref();
    setTimeout(tick, 1000).unref();
  }

  async onApplicationShutdown() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One round: imports to screen, then the day's runs when due. */
  async tick(): Promise<void> {
    const client = await this.pool.connect();
    // Held for the whole round: pg-pool leaves its errors (a database restart) to us; unheard they would crash the process.
    let broken: Error | undefined;
    const onError = (err: Error) => {
      broken = err;
      this.logger.warn(`monitoring's Postgres connection: ${err.message}`);
    };
    client.on('error', onError);
    try {
      const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtext('credentialing monitoring')) AS ok`);
      if (!rows[0].ok) return;
      try {
        await this.screenImports();
        await this.screenNewFiles();
        const today = dayOf(this.clock());
        if (await this.due(client, 'expirables', today, 1)) {
          const r = await this.expirables.run();
          this.logger.log(`expirables ${r.day}: ${r.credentialReminders} credential and ${r.recredentialingReminders} recredentialing reminders, ${r.alerts} alerts (${r.seconds.toFixed(1)} s)`);
          await this.ran(client, 'expirables', today);
        }
        if (await this.due(client, 'conditions-follow-up', today, 1)) {
          const n = await this.followUps.run(today);
          this.logger.log(`conditions follow-up ${today}: ${n} reminders`);
          await this.ran(client, 'conditions-follow-up', today);
          }
        if (await this.due(client, 'attestation-reminders', today, 1)) {
          const r = await this.attestations.run();
          this.logger.log(`attestation reminders ${r.day}: ${r.reminders} reminders, ${r.alerts} alerts`);
          await this.ran(client, 'attestation-reminders', today);
        }
        if (await this.due(client, 'items-chase', today, 1)) {
          const r = await this.chase.run();
          this.logger.log(`missing items chased ${r.day}: ${r.chases} items in ${r.files} files`);
          await this.ran(client, 'items-chase', today);
        }
        if (await this.due(client, 'exclusion-screening', today, 1)) {
          const r = await this.screening.daily((line) => this.logger.log(line));
          if (!r.unavailable) {
            this.logger.log(
              `daily exclusion screening ${r.day}: ${r.files} files, ${r.found} matches (${r.newMatches} new), ${r.recorded} files recorded (${r.changed} changed, ${r.renewed} renewed, budget ${r.budget} a day) (${r.seconds.toFixed(1)} s)`,
            );
            await this.ran(client, 'exclusion-screening', today);
          }
        }
      } finally {
        await client.query(`SELECT pg_advisory_unlock(hashtext('credentialing monitoring'))`).catch(() => undefined);
      }
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  /** Files never screened yet (just started, or all of them once a first LEIE import exists): screened and recorded, 1,000 a round; looked for once a minute when none were left. */
  async screenNewFiles(): Promise<void> {
    if (Date.now() - this.newFilesCheckedAt < 60_000) return;
    const { rows } = await this.pool.query<{ provider_id: string }>(
      `SELECT f.provider_id FROM credentialing_files f WHERE NOT EXISTS (SELECT 1 FROM exclusion_screenings s WHERE s.provider_id = f.provider_id AND s.recorded_on IS NOT NULL) LIMIT 1000`,
    );
    if (!rows.length) {
      this.newFilesCheckedAt = Date.now();
      return;
    }
    const r = await this.screening.screen({ kind: 'providers', providerIds: rows.map((x) => x.provider_id) }, { record: 'always' });
    // Without an exclusion list nothing is recorded (nor when none could be): look again in a minute.
    if (r.unavailable || r.recorded < rows.length) this.newFilesCheckedAt = Date.now();
    if (!r.unavailable) this.logger.log(`screened ${rows.length} new file(s): ${r.newMatches} new matches, ${r.recorded} recorded`);
  }

  /** The imports not screened yet, all at once (only their changed rows are compared). */
  async screenImports(): Promise<void> {
    const { rows } = await this.pool.query<{ id: string }>(`SELECT id FROM leie_imports WHERE status = 'done' AND screened_at IS NULL ORDER BY id`);
    if (rows.length) {
      const r = await this.screening.screen({ kind: 'imports', importIds: rows.map((x) => Number(x.id)) });
      this.logger.log(`screened the changes of LEIE import(s) ${rows.map((x) => x.id).join(', ')}: ${r.newMatches} new matches, ${r.recorded} files recorded (${r.seconds.toFixed(2)} s)`);
    }
    // The other source lists' imports (sources/list/list-importer.ts).
    const { rows: lists } = await this.pool.query<{ id: string }>(`SELECT id FROM source_imports WHERE status = 'done' AND screened_at IS NULL ORDER BY id`);
    if (lists.length) {
      const r = await this.screening.screen({ kind: 'sourceImports', importIds: lists.map((x) => Number(x.id)) });
      if (!r.unavailable) this.logger.log(`screened the changes of source list import(s) ${lists.map((x) => x.id).join(', ')}: ${r.newMatches} new matches, ${r.recorded} files recorded (${r.seconds.toFixed(2)} s)`);
    }
  }

  private async due(client: { query: Pool['query'] }, name: string, today: string, everyDays: number): Promise<boolean> {
    const { rows } = await client.query<{ day: string }>(`SELECT to_char(last_run_on, 'YYYY-MM-DD') AS day FROM monitoring_runs WHERE name = $1`, [name]);
    return !rows[0] || daysBetween(rows[0].day, today) >= everyDays;
  }

  private async ran(client: { query: Pool['query'] }, name: string, today: string): Promise<void> {
    await client.query(
      `INSERT INTO monitoring_runs (name, last_run_on, last_run_at) VALUES ($1, $2, now()) ON CONFLICT (name) DO UPDATE SET last_run_on = EXCLUDED.last_run_on, last_run_at = now()`,
      [name, today],
    );
  }
}
