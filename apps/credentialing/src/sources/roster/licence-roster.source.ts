import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@app/nest-kit';
import { licenceKey, type RosterEntry } from '../../domain/roster-check';
import { rosterId, rosterOf } from './rosters';

export type RosterLookup = { entry: RosterEntry | null; row: Record<string, unknown> | null; roster: { state: string; file: string; day: string } };

/**
 * The state licence port on the service's own roster mirror (`licence_rosters`, imported with
 * `npm run sources:import -- roster-<state> <file>`): null when the state has no roster imported
 * (the licence is then verified manually at the board), else the roster's row for the number (or
 * none) and which roster file and day answered.
 */
@Injectable()
export class LicenceRosterSource {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async lookup(state: string, number: string): Promise<RosterLookup | null> {
    const mapping = rosterOf(`roster-${state.toLowerCase()}`);
    if (!mapping) return null;
    const { rows: imports } = await this.pool.query<{ file_name: string; day: string }>(
      `SELECT file_name, to_char(finished_at, 'YYYY-MM-DD') AS day FROM source_imports WHERE source = $1 AND status = 'done' ORDER BY id DESC LIMIT 1`,
      [rosterId(mapping)],
    );
    if (!imports[0]) return null;
    const roster = { state: mapping.state, file: imports[0].file_name, day: imports[0].day };
    const { rows } = await this.pool.query<{
      licence_number: string;
      last_name: string | null;
      first_name: string | null;
      licence_type: string | null;
      status: string | null;
      issued_on: string | null;
      expires_on: string | null;
      disciplined: boolean;
      detail: Record<string, string>;
    }>(
      `SELECT licence_number, last_name, first_name, licence_type, status, to_char(issued_on, 'YYYY-MM-DD') AS issued_on, to_char(expires_on, 'YYYY-MM-DD') AS expires_on, disciplined, detail
         FROM licence_rosters WHERE state = $1 AND licence_key = $2`,
      [mapping.state, licenceKey(number)],
    );
    const r = rows[0];
    if (!r) return { entry: null, row: null, roster };
    return {
      entry: {
        state: mapping.state,
        licenceNumber: r.licence_number,
        lastName: r.last_name,
        firstName: r.first_name,
        licenceType: r.licence_type,
        status: r.status,
        active: mapping.activeStatuses.includes((r.status ?? '').toUpperCase()),
        issuedOn: r.issued_on,
        expiresOn: r.expires_on,
        disciplined: r.disciplined,
      },
      row: r.detail,
      roster,
    };
  }
}
