import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { dayOf } from '../domain/calendar';
import { SYSTEM_ACTOR } from '../domain/credentialing-file.decider';
import { fileExclusion } from '../domain/exclusion-match';
import { CredentialingWriter } from '../infrastructure/credentialing.writer';
import { MonitoringAlerts, type Alert } from '../monitoring-alerts/monitoring-alerts';
import { MONITORING_CLOCK, type Clock } from '../monitoring-alerts/clock';
import { applyScreening, type ScreeningScope } from './screening.sql';

export type ScreeningReport = { scope: ScreeningScope['kind']; found: number; newMatches: number; recorded: number; alerts: number; seconds: number };

/** A screening's record in the file must stay well inside the 120-day window: it is renewed after this many days. */
export const RECORD_EVERY_DAYS = 60;
/** At most this many files get a renewed record per run (the rest on the next daily run). */
export const RECORD_BATCH = 2_000;

type MatchRow = { row_key: string; kind: credentialing.ExclusionMatchKind; status: credentialing.ExclusionMatchStatus; snapshot: credentialing.ExclusionRow };

/**
 * The exclusion screening (issue #21): matches the providers with a file against the LEIE mirror
 * (set-based SQL: screening.sql.ts), keeps `exclusion_matches`, records each changed finding in
 * the provider's file (an `ExclusionScreened` verification, source OIG LEIE, the matched rows as
 * evidence), and raises a Danger alert for each new Excluded / Possible match to the master admin
 * and the practice's credentialing staff.
 */
@Injectable()
export class ExclusionScreeningService {
  private readonly logger = new Logger('ExclusionScreening');
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly writer: CredentialingWriter,
    private readonly alerts: MonitoringAlerts,
    @Inject(MONITORING_CLOCK) private readonly clock: Clock,
  ) {}

  async screen(scope: ScreeningScope, options: { record?: 'always' | 'changed' } = {}): Promise<ScreeningReport> {
    const started = Date.now();
    const now = this.clock();
    const client = await this.pool.connect();
    let result: Awaited<ReturnType<typeof applyScreening>>;
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('credentialing exclusion screening'))`);
      result = await applyScreening(client, scope);
      if (scope.kind === 'imports') await client.query(`UPDATE leie_imports SET screened_at = now() WHERE id = ANY($1::bigint[])`, [scope.importIds]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    // Files whose finding changed, and (full or per-provider screenings) files whose last record is getting old.
    const toRecord = new Set(result.changedProviders);
    if (options.record === 'always' && scope.kind === 'providers') for (const id of scope.providerIds) toRecord.add(id);
    if (scope.kind !== 'imports') {
      const { rows } = await this.pool.query<{ provider_id: string }>(
        `SELECT f.provider_id FROM credentialing_files f LEFT JOIN exclusion_screenings s ON s.provider_id = f.provider_id
          WHERE (s.recorded_on IS NULL OR s.recorded_on <= $1::date - $2::int) ${scope.kind === 'providers' ? 'AND f.provider_id = ANY($4::uuid[])' : ''}
          LIMIT $3`,
        scope.kind === 'providers' ? [dayOf(now), RECORD_EVERY_DAYS, RECORD_BATCH, scope.providerIds] : [dayOf(now), RECORD_EVERY_DAYS, RECORD_BATCH],
      );
      for (const r of rows) toRecord.add(r.provider_id);
    }
    let recorded = 0;
    for (const providerId of toRecord) {
      try {
        await this.record(providerId, now);
        recorded++;
      } catch (err) {
        this.logger.warn(`screening of ${providerId} not recorded: ${err instanceof Error ? err.message : err}`);
      }
    }
    if (scope.kind === 'all')
      await this.pool.query(
        `INSERT INTO exclusion_screenings (provider_id, screened_at, finding) SELECT provider_id, $1, coalesce(exclusion, 'None') FROM credentialing_files
         ON CONFLICT (provider_id) DO UPDATE SET screened_at = EXCLUDED.screened_at, finding = EXCLUDED.finding`,
        [now],
      );
    const alerts: Alert[] = result.newMatches.map((m) => ({
      key: `exclusion:${m.provider_id}:${m.row_key}:${dayOf(now)}`,
      providerId: m.provider_id,
      kind: m.kind === 'Excluded' ? 'exclusion-excluded' : 'exclusion-possible-match',
      alertLevel: 'Danger',
      credentialKind: null,
      dueOn: null,
      daysLeft: null,
      toProvider: false,
    }));
    const raised = await this.alerts.raise(alerts, now);
    return { scope: scope.kind, found: result.found, newMatches: result.newMatches.length, recorded, alerts: raised, seconds: (Date.now() - started) / 1000 };
  }

  /** Files whose last recorded screening is getting old get a fresh record (at most RECORD_BATCH a run). */
  async renewRecords(): Promise<number> {
    const now = this.clock();
    const { rows } = await this.pool.query<{ provider_id: string }>(
      `SELECT f.provider_id FROM credentialing_files f JOIN exclusion_screenings s ON s.provider_id = f.provider_id
        WHERE s.recorded_on <= $1::date - $2::int LIMIT $3`,
      [dayOf(now), RECORD_EVERY_DAYS, RECORD_BATCH],
    );
    for (const r of rows) await this.record(r.provider_id, now).catch((err: unknown) => this.logger.warn(`screening of ${r.provider_id} not recorded: ${err instanceof Error ? err.message : err}`));
    return rows.length;
  }

  /** The provider's matches as they stand. */
  async matches(providerId: string): Promise<(MatchRow & { found_at: Date; resolved_at: Date | null; resolved_by: string | null })[]> {
    const { rows } = await this.pool.query(
      `SELECT row_key, kind, status, snapshot, found_at, resolved_at, resolved_by FROM exclusion_matches WHERE provider_id = $1 ORDER BY found_at DESC, row_key`,
      [providerId],
    );
    return rows;
  }

  /** Records the provider's standing screening finding in the file (a verification with the matched rows as evidence). */
  async record(providerId: string, now: Date): Promise<void> {
    const state = await this.writer.load(providerId);
    if (!state.current) return;
    const matches = (await this.matches(providerId)).filter((m) => m.status === 'Open' || m.status === 'Confirmed');
    const exclusion = fileExclusion(matches);
    await this.writer.execute({
      type: 'RecordScreening',
      data: {
        providerId,
        actor: SYSTEM_ACTOR,
        now,
        verificationId: randomUUID(),
        method: 'automatic',
        result: exclusion ? 'Discrepancy' : 'Verified',
        finding: exclusion ?? 'None',
        exclusion,
        verifiedOn: dayOf(now),
        note: screeningNote(exclusion, matches.length),
        evidence: { kind: 'snapshot', source: 'OIG LEIE', snapshot: { matches: matches.map((m) => ({ kind: m.kind, status: m.status, row: m.snapshot })) } },
        discrepancies: matches.map((m) => ({ field: m.kind === 'Excluded' ? 'npi' : 'name and state', file: null, source: describeRow(m.snapshot) })),
      },
    });
    await this.pool.query(
      `INSERT INTO exclusion_screenings (provider_id, screened_at, finding, recorded_on) VALUES ($1, $2, $3, $4)
       ON CONFLICT (provider_id) DO UPDATE SET screened_at = EXCLUDED.screened_at, finding = EXCLUDED.finding, recorded_on = EXCLUDED.recorded_on`,
      [providerId, now, exclusion ?? 'None', dayOf(now)],
    );
  }
}

export function screeningNote(exclusion: credentialing.FileExclusion, matches: number): string {
  if (!exclusion) return 'Not on the OIG exclusion list (LEIE mirror)';
  if (exclusion === 'Excluded') return 'Excluded: the NPI is on the OIG exclusion list';
  if (exclusion === 'Confirmed') return 'Confirmed: a person matched the provider to an OIG exclusion';
  return `Possible match: ${matches} OIG exclusion row(s) with the same name and state; a person must resolve it`;
}

export function describeRow(r: credentialing.ExclusionRow): string {
  const name = r.busName ?? [r.lastName, r.firstName, r.midName].filter(Boolean).join(', ');
  return `${name}${r.npi ? `, NPI ${r.npi}` : ''}${r.state ? `, ${r.state}` : ''}, excluded ${r.exclDate ?? '?'} (${r.exclType ?? '?'})`;
}
