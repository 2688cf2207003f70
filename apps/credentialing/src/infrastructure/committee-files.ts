import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { cycleFlags, effectiveRoute } from '../domain/committee-outcome';
import type { FileState } from '../domain/credentialing-file.decider';
import type { MeetingState } from '../domain/committee-meeting';

/**
 * The files before the committee as the files grid holds them (`credentialing_files.state`,
 * folded from the events), with their flags and route today, and the open meetings' agendas.
 */
@Injectable()
export class CommitteeFiles {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Files in Committee Review (all, or those named), with their flags and route today. */
  async inReview(now: Date, providerIds?: readonly string[]): Promise<credentialing.QueueEntry[]> {
    const r = await this.pool.query<{ provider_id: string; provider: string | null; npi: string | null; state: FileState }>(
      `SELECT l.provider_id, l.provider, l.npi, f.state FROM credentialing_file_list l JOIN credentialing_files f ON f.provider_id = l.provider_id
        WHERE l.status = 'Committee Review' ${providerIds ? 'AND l.provider_id = ANY($1::uuid[])' : ''} ORDER BY l.last_change`,
      providerIds ? [providerIds] : [],
    );
    const onAgenda = await this.openAgendas();
    return r.rows.flatMap((row) => {
      const c = row.state.current;
      if (!c) return [];
      const submitted = [...c.history].reverse().find((h) => h.to === 'Committee Review');
      return [
        {
          providerId: row.provider_id,
          cycleId: c.cycleId,
          provider: row.provider,
          npi: row.npi,
          submittedOn: submitted ? submitted.at.slice(0, 10) : null,
          route: effectiveRoute(c, now),
          flags: cycleFlags(c, now).length ? cycleFlags(c, now) : (c.committee?.flagsAtSubmission ?? []),
          meetingId: onAgenda.get(`${row.provider_id}:${c.cycleId}`) ?? null,
        },
      ];
    });
  }

  /** `providerId:cycleId` → the meeting whose agenda holds it undecided. */
  async openAgendas(): Promise<Map<string, string>> {
    const r = await this.pool.query<{ state: NonNullable<MeetingState> }>(`SELECT state FROM committee_meetings ORDER BY meets_on`);
    const out = new Map<string, string>();
    for (const { state } of r.rows) {
      for (const a of state.agenda) {
        if (!state.outcomes.some((o) => o.providerId === a.providerId && o.cycleId === a.cycleId)) out.set(`${a.providerId}:${a.cycleId}`, state.meetingId);
      }
    }
    return out;
  }
}
