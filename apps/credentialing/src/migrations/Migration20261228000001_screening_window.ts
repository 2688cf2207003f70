import { Migration } from '@mikro-orm/migrations';

/**
 * The daily exclusion screening at scale: each file's last recorded screening keeps
 * the matches it recorded (`recorded_matches`: `row_key:status` of its standing matches, in
 * row_key order), so the set-based run records only the files whose matches changed, plus the
 * oldest records (a daily budget, so that every record is renewed within 30 days). Frozen.
 */
export class Migration20261228000001ScreeningWindow extends Migration {
  override name = 'Migration20261228000001_screening_window';
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE exclusion_screenings ADD COLUMN IF NOT EXISTS recorded_matches text`);
    // The records made before carried the standing matches of their day (each change was recorded).
    this.addSql(`
      UPDATE exclusion_screenings s SET recorded_matches = coalesce(
        (SELECT string_agg(m.row_key || ':' || m.status, ',' ORDER BY m.row_key COLLATE "C") FROM exclusion_matches m
          WHERE m.provider_id = s.provider_id AND m.status IN ('Open', 'Confirmed')), '')
       WHERE s.recorded_on IS NOT NULL AND s.recorded_matches IS NULL`);
    this.addSql(`CREATE INDEX IF NOT EXISTS exclusion_screenings_recorded ON exclusion_screenings (recorded_on, provider_id)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS exclusion_matches_standing ON exclusion_matches (provider_id) WHERE status IN ('Open', 'Confirmed')`);
  }
}
