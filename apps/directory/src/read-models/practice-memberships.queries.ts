import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { practices } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';

/** Reads over the directory's copy of practice registrations and memberships. */
@Injectable()
export class PracticeMemberships {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * Of `userIds`, those who belong to a practice where `viewerId` is a Practice Owner or
   * Practice Manager: the people whose account email and mobile that viewer may see.
   */
  async managedBy(viewerId: string, userIds: string[]): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const { rows } = await this.pool.query<{ user_id: string }>(
      `SELECT DISTINCT them.user_id FROM practice_members me JOIN practice_members them ON them.practice_id = me.practice_id
        WHERE me.user_id = $1 AND me.access_type = ANY($2::text[]) AND them.user_id = ANY($3::uuid[])`,
      [viewerId, [...practices.EDITING_ACCESS_TYPES], userIds],
    );
    return new Set(rows.map((r) => r.user_id));
  }

  /** The user name of the practice holding each of these NPIs. */
  async practiceUserNames(npis: string[]): Promise<Map<string, string>> {
    if (!npis.length) return new Map();
    const { rows } = await this.pool.query<{ npi: string; user_name: string }>('SELECT npi, user_name FROM practice_npis WHERE npi = ANY($1::text[])', [npis]);
    return new Map(rows.map((r) => [r.npi, r.user_name]));
  }
}
