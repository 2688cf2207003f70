import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { inPgTransaction } from '@app/event-store';
import { PG_POOL } from '@app/nest-kit';
import { dayOf } from '../domain/calendar';
import { SYSTEM_ACTOR } from '../domain/credentialing-file.decider';
import { fileExclusion } from '../domain/exclusion-match';
import { CredentialingWriter } from '../infrastructure/credentialing.writer';
import { MonitoringAlerts, type Alert } from '../monitoring-alerts/monitoring-alerts';
import { MONITORING_CLOCK, type Clock } from '../monitoring-alerts/clock';
import { sourceName } from '../sources/list/source-registry';
import { STANDING_MATCHES_SQL, applyScreening, leieMirrorImported, standingMatches, type NewMatch, type ScreeningScope } from './screening.sql';

export type ScreeningReport = {
  scope: ScreeningScope['kind'];
  found: number;
  newMatches: number;
  recorded: number;
  alerts: number;
  seconds: number;
  /** No LEIE import yet: nothing screened, nothing recorded (the file's open item says why). */
  unavailable?: boolean;
};

/** The daily screening: every file matched (set-based), the changed ones and the day's renewals recorded. */
export type DailyScreeningReport = ScreeningReport & {
  day: string;
  files: number;
  /** Files whose standing matches differ from the ones last recorded (or never recorded). */
  changed: number;
  /** Older records renewed: those at the window's end, and the oldest up to the day's budget. */
  renewed: number;
  /** ceil(files / SCREENING_WINDOW_DAYS): renewals a day so that every record is renewed within the window. */
  budget: number;
};

/** Every file gets a freshly recorded screening within this many days (at least monthly; the 120-day verification window is far). */
export const SCREENING_WINDOW_DAYS = 30;
/** Files recorded per batch (one query for their matches, one for their bookkeeping, then an event each). */
export const RECORD_BATCH = 500;

type MatchRow = { provider_id: string; row_key: string; kind: credentialing.ExclusionMatchKind; status: credentialing.ExclusionMatchStatus; snapshot: credentialing.ExclusionRow };
const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * The exclusion screening: matches the providers with a file against the LEIE mirror
 * (set-based SQL: screening.sql.ts), keeps `exclusion_matches`, records each changed finding in
 * the provider's file (an `ExclusionScreened` verification, source OIG LEIE, the matched rows as
 * evidence), and raises a Danger alert for each new Excluded / Possible match to the master admin
 * and the practice's credentialing staff. The daily run (`daily`) matches every file and records,
 * in batches, the files whose matches changed plus a budget of the oldest records, so that every
 * file has a record at most SCREENING_WINDOW_DAYS old. Before any LEIE import nothing is screened.
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

  /** Screens the rows of imports, or these providers; records the files whose matches changed (and, `record: 'always'`, the providers'). */
  async screen(scope: Exclude<ScreeningScope, { kind: 'all' }>, options: { record?: 'always' | 'changed' } = {}): Promise<ScreeningReport> {
    const started = Date.now();
    const now = this.clock();
    if (!(await leieMirrorImported(this.pool))) return { scope: scope.kind, found: 0, newMatches: 0, recorded: 0, alerts: 0, seconds: (Date.now() - started) / 1000, unavailable: true };
    const result = await this.match(scope);
    const toRecord = new Set(result.changedProviders);
    if (options.record === 'always' && scope.kind === 'providers') for (const id of scope.providerIds) toRecord.add(id);
    // One provider (a file's checks): the caller shows the file next, with the grid up to date.
    const recorded = await this.recordMany([...toRecord], now, { awaitProjection: scope.kind === 'providers' && toRecord.size === 1 });
    const alerts = await this.raiseAlerts(result.newMatches, now);
    return { scope: scope.kind, found: result.found, newMatches: result.newMatches.length, recorded, alerts, seconds: (Date.now() - started) / 1000 };
  }

  /**
   * The daily screening: every file with a provider matched against the mirror in one statement;
   * new matches alerted; then recorded in batches: first the files whose standing matches differ
   * from their last record (a new exclusion is recorded the same run), then the renewals: every
   * record SCREENING_WINDOW_DAYS old, and the oldest ones up to the day's budget (files / window,
   * less what today already recorded), so the records spread evenly over the window.
   */
  async daily(progress?: (line: string) => void): Promise<DailyScreeningReport> {
    const started = Date.now();
    const now = this.clock();
    const day = dayOf(now);
    const none = { scope: 'all' as const, day, files: 0, found: 0, newMatches: 0, changed: 0, renewed: 0, budget: 0, recorded: 0, alerts: 0 };
    if (!(await leieMirrorImported(this.pool))) return { ...none, seconds: (Date.now() - started) / 1000, unavailable: true };
    const result = await this.match({ kind: 'all' });
    const alerts = await this.raiseAlerts(result.newMatches, now);
    const plan = await this.recordPlan(day);
    const ids = [...new Set([...plan.changed, ...plan.renew])];
    let recorded = 0;
    for (let i = 0; i < ids.length; i += RECORD_BATCH) {
      recorded += await this.recordMany(ids.slice(i, i + RECORD_BATCH), now, { awaitProjection: false });
      progress?.(`exclusion screening ${day}: ${fmt(Math.min(i + RECORD_BATCH, ids.length))} of ${fmt(ids.length)} files recorded (${fmt(plan.changed.length)} changed, ${fmt(ids.length - plan.changed.length)} renewed; budget ${fmt(plan.budget)} a day)`);
    }
    return {
      ...none,
      files: plan.files,
      found: result.found,
      newMatches: result.newMatches.length,
      changed: plan.changed.length,
      renewed: ids.length - plan.changed.length,
      budget: plan.budget,
      recorded,
      alerts,
      seconds: (Date.now() - started) / 1000,
    };
  }

  /** Who the daily run records (set-based): the files whose matches changed, and the day's renewals. */
  async recordPlan(day: string): Promise<{ files: number; budget: number; changed: string[]; renew: string[] }> {
    const { rows: count } = await this.pool.query<{ files: number; today: number }>(
      `SELECT (SELECT count(*)::int FROM credentialing_files) AS files, (SELECT count(*)::int FROM exclusion_screenings WHERE recorded_on = $1::date) AS today`,
      [day],
    );
    const { files, today } = count[0];
    const budget = Math.ceil(files / SCREENING_WINDOW_DAYS);
    const { rows: changed } = await this.pool.query<{ provider_id: string }>(
      `WITH standing AS (SELECT m.provider_id, ${STANDING_MATCHES_SQL} AS matches FROM exclusion_matches m WHERE m.status IN ('Open', 'Confirmed') GROUP BY m.provider_id)
       SELECT f.provider_id FROM credentialing_files f
         LEFT JOIN standing m ON m.provider_id = f.provider_id
         LEFT JOIN exclusion_screenings s ON s.provider_id = f.provider_id
        WHERE s.recorded_on IS NULL OR s.recorded_matches IS DISTINCT FROM coalesce(m.matches, '')`,
    );
    const { rows: renew } = await this.pool.query<{ provider_id: string }>(
      `SELECT provider_id FROM (
         (SELECT s.provider_id, s.recorded_on FROM exclusion_screenings s JOIN credentialing_files f ON f.provider_id = s.provider_id
           WHERE s.recorded_on <= $1::date - $2::int)
         UNION
         (SELECT s.provider_id, s.recorded_on FROM exclusion_screenings s JOIN credentialing_files f ON f.provider_id = s.provider_id
           WHERE s.recorded_on < $1::date ORDER BY s.recorded_on, s.provider_id LIMIT $3)) r
        ORDER BY recorded_on, provider_id`,
      [day, SCREENING_WINDOW_DAYS, Math.max(0, budget - today)],
    );
    return { files, budget, changed: changed.map((r) => r.provider_id), renew: renew.map((r) => r.provider_id) };
  }

  /** The provider's matches as they stand. */
  async matches(providerId: string): Promise<(Omit<MatchRow, 'provider_id'> & { found_at: Date; resolved_at: Date | null; resolved_by: string | null })[]> {
    const { rows } = await this.pool.query(
      `SELECT row_key, kind, status, snapshot, found_at, resolved_at, resolved_by FROM exclusion_matches WHERE provider_id = $1 ORDER BY found_at DESC, row_key`,
      [providerId],
    );
    return rows;
  }

  /**
   * Records each provider's standing finding in their file (a verification with the matched rows as
   * evidence), a batch at a time, and what each record covered (`exclusion_screenings`). Returns
   * how many files were recorded (files without a current cycle are not).
   */
  async recordMany(providerIds: string[], now: Date, options: { awaitProjection: boolean }): Promise<number> {
    let recorded = 0;
    for (let i = 0; i < providerIds.length; i += RECORD_BATCH) {
      const batch = providerIds.slice(i, i + RECORD_BATCH);
      const { rows } = await this.pool.query<MatchRow>(
        `SELECT provider_id, row_key, kind, status, snapshot FROM exclusion_matches WHERE provider_id = ANY($1::uuid[]) AND status IN ('Open', 'Confirmed') ORDER BY found_at DESC, row_key`,
        [batch],
      );
      const byProvider = new Map<string, MatchRow[]>();
      for (const r of rows) byProvider.set(r.provider_id, [...(byProvider.get(r.provider_id) ?? []), r]);
      const done: { id: string; finding: string; matches: string }[] = [];
      for (const providerId of batch) {
        const matches = byProvider.get(providerId) ?? [];
        try {
          const finding = await this.recordOne(providerId, matches, now, options);
          if (finding) done.push({ id: providerId, finding, matches: standingMatches(matches) });
        } catch (err) {
          this.logger.warn(`screening of ${providerId} not recorded: ${err instanceof Error ? err.message : err}`);
        }
      }
      if (done.length)
        await this.pool.query(
          `INSERT INTO exclusion_screenings (provider_id, screened_at, finding, recorded_on, recorded_matches)
           SELECT id, $4, finding, $5::date, matches FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x(id, finding, matches)
           ON CONFLICT (provider_id) DO UPDATE SET screened_at = EXCLUDED.screened_at, finding = EXCLUDED.finding, recorded_on = EXCLUDED.recorded_on, recorded_matches = EXCLUDED.recorded_matches`,
          [done.map((d) => d.id), done.map((d) => d.finding), done.map((d) => d.matches), now, dayOf(now)],
        );
      recorded += done.length;
    }
    return recorded;
  }

  /** After a person resolved a match (and the file recorded it): the record covers the matches as they now stand. */
  async noteResolved(providerId: string, now: Date, finding: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO exclusion_screenings (provider_id, screened_at, finding, recorded_on, recorded_matches)
       SELECT $1, $2, $3, $4::date, coalesce((SELECT ${STANDING_MATCHES_SQL} FROM exclusion_matches m WHERE m.provider_id = $1 AND m.status IN ('Open', 'Confirmed')), '')
       ON CONFLICT (provider_id) DO UPDATE SET screened_at = EXCLUDED.screened_at, finding = EXCLUDED.finding, recorded_on = EXCLUDED.recorded_on, recorded_matches = EXCLUDED.recorded_matches`,
      [providerId, now, finding, dayOf(now)],
    );
  }

  /** The matching of a scope, applied to `exclusion_matches` in one transaction (one screening at a time). */
  private async match(scope: ScreeningScope): Promise<Awaited<ReturnType<typeof applyScreening>>> {
    return inPgTransaction(this.pool, this.logger, async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('credentialing exclusion screening'))`);
      const result = await applyScreening(client, scope);
      if (scope.kind === 'imports') await client.query(`UPDATE leie_imports SET screened_at = now() WHERE id = ANY($1::bigint[])`, [scope.importIds]);
      if (scope.kind === 'sourceImports') await client.query(`UPDATE source_imports SET screened_at = now() WHERE id = ANY($1::bigint[])`, [scope.importIds]);
      return result;
    });
  }

  private async raiseAlerts(newMatches: NewMatch[], now: Date): Promise<number> {
    // An opt-out is a flag on the file (its matches list), not an exclusion: no Danger alert.
    const alerts: Alert[] = newMatches.filter((m) => m.kind !== 'Opted out').map((m) => ({
      key: `exclusion:${m.provider_id}:${m.row_key}:${dayOf(now)}`,
      providerId: m.provider_id,
      kind: m.kind === 'Excluded' ? 'exclusion-excluded' : 'exclusion-possible-match',
      alertLevel: 'Danger',
      credentialKind: null,
      dueOn: null,
      daysLeft: null,
      toProvider: false,
      matchId: m.row_key,
    }));
    return this.alerts.raise(alerts, now);
  }

  /** Records the provider's standing finding in the file; the finding, or null when the provider has no current file. */
  private async recordOne(providerId: string, matches: MatchRow[], now: Date, options: { awaitProjection: boolean }): Promise<string | null> {
    const state = await this.writer.load(providerId);
    if (!state.current) return null;
    const exclusion = fileExclusion(matches);
    await this.writer.execute(
      {
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
          note: screeningNote(exclusion, matches.length, matches.map((m) => m.snapshot.source ?? 'leie')),
          evidence: { kind: 'snapshot', source: 'OIG LEIE', snapshot: { matches: matches.map((m) => ({ kind: m.kind, status: m.status, row: m.snapshot })) } },
          discrepancies: matches.map((m) => ({ field: m.kind === 'Excluded' ? 'npi' : m.kind === 'Opted out' ? 'medicare opt-out' : 'name and state', file: null, source: describeRow(m.snapshot) })),
        },
      },
      options,
    );
    return exclusion ?? 'None';
  }
}

export function screeningNote(exclusion: credentialing.FileExclusion, matches: number, sources: string[] = []): string {
  const others = [...new Set(sources.filter((s) => s !== 'leie'))].map(sourceName);
  if (others.length) return `${screeningNote(exclusion, matches)}; found on: ${others.join(', ')}`;
  if (!exclusion) return 'Not on the OIG exclusion list (LEIE mirror)';
  if (exclusion === 'Excluded') return 'Excluded: the NPI is on the OIG exclusion list';
  if (exclusion === 'Confirmed') return 'Confirmed: a person matched the provider to an OIG exclusion';
  return `Possible match: ${matches} OIG exclusion row(s) with the same name and state; a person must resolve it`;
}

export function describeRow(r: credentialing.ExclusionRow): string {
  const list = r.source && r.source !== 'leie' ? `${sourceName(r.source)}: ` : '';
  const name = r.busName ?? [r.lastName, r.firstName, r.midName].filter(Boolean).join(', ');
  return `${list}${name}${r.npi ? `, NPI ${r.npi}` : ''}${r.state ? `, ${r.state}` : ''}, excluded ${r.exclDate ?? '?'} (${r.exclType ?? '?'})`;
}
