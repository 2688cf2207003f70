import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@app/nest-kit';
import { ProviderNotices } from '../notify-provider/provider-notices';

/**
 * The follow-up of an approval's conditions (a committee meeting's `approve-with-conditions`):
 * on its follow-up date (or the first daily run after it) the provider and the file's staff are
 * reminded once (`conditions-follow-up` notice): `monitoring_reminders` keeps (file cycle, date)
 * so a re-run of the day sends nothing new.
 */
@Injectable()
export class ConditionsFollowUp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly notices: ProviderNotices,
  ) {}

  async run(day: string): Promise<number> {
    const due = await this.pool.query<{ provider_id: string; cycle_id: string; follow_up_on: string }>(
      `WITH due AS (
         SELECT f.provider_id, f.state->'current'->>'cycleId' AS cycle_id, (o->>'followUpOn')::date AS follow_up_on
           FROM credentialing_files f, jsonb_array_elements(COALESCE(f.state->'current'->'committee'->'outcomes', '[]'::jsonb)) o
          WHERE f.status = 'Approved' AND o->>'outcome' = 'approve-with-conditions' AND o->>'followUpOn' IS NOT NULL AND (o->>'followUpOn')::date <= $1::date)
       INSERT INTO monitoring_reminders (subject_id, due_on, threshold, provider_id, sent_on)
       SELECT 'conditions:' || provider_id || ':' || cycle_id, follow_up_on, 0, provider_id, $1::date FROM due
       ON CONFLICT DO NOTHING
       RETURNING provider_id, split_part(subject_id, ':', 3) AS cycle_id, to_char(due_on, 'YYYY-MM-DD') AS follow_up_on`,
      [day],
    );
    for (const r of due.rows) await this.notices.raise(r.provider_id, 'conditions-follow-up', `conditions:${r.provider_id}:${r.cycle_id}:${r.follow_up_on}`, r.follow_up_on, 'system');
    return due.rowCount ?? 0;
  }
}
