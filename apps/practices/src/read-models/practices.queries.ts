import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { practices, type GridQuery } from '@app/contracts';
import { buildGridQuery, runGridQuery } from '@app/grid';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE, NotFound, PG_POOL, SERVICE_CONFIG, type ServiceConfig } from '@app/nest-kit';
import { PRACTICES_GRID, practiceClaimScope } from './practices.schema';

export type PracticeRow = {
  id: string;
  npi: string;
  practice_name: string;
  display_name: string;
  user_name: string;
  email: string;
  street1: string | null;
  suite: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  fax: string | null;
  website: string | null;
  description: string | null;
  banner_url: string | null;
  avatar_url: string | null;
  last_update: Date | string;
};

type UserRow = { practice_id: string; user_id: string; access_type: practices.AccessType; full_name: string | null; npi: string | null; avatar_url: string | null };

export type PersonRow = {
  id: string;
  user_name: string | null;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  npi: string | null;
  street1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  avatar_url: string | null;
  is_admin: boolean;
  is_master_admin: boolean;
};

const COLUMNS = 'id, npi, practice_name, display_name, user_name, email, street1, suite, city, state, zip, phone, fax, website, description, banner_url, avatar_url, last_update';
/** The columns every read of the practices read model selects. */
export const SELECT = COLUMNS.split(', ');

/** A user's name as the practice shows it: the directory's current 'First Last', else its display name, else the form's copy. */
const FULL_NAME_SQL = `coalesce(nullif(concat_ws(' ', pp.first_name, pp.last_name), ''), pp.display_name, pu.full_name, pp.user_name, '')`;

function userView(r: UserRow): practices.PracticeUserView {
  return { id: r.user_id, user: r.user_id, fullName: r.full_name ?? '', accessType: r.access_type, npi: r.npi, avatarImageUrl: r.avatar_url };
}

export function listItem(r: PracticeRow, users: practices.PracticeUserView[]): practices.PracticeListItem {
  return {
    _id: r.id,
    practiceName: r.practice_name,
    npi: r.npi,
    displayName: r.display_name,
    userName: r.user_name,
    mailingAddress: { streetAddress1: r.street1, city: r.city, state: r.state, zip: r.zip },
    phone: r.phone,
    avatarImageUrl: r.avatar_url,
    users,
  };
}

export function profileView(r: PracticeRow, users: practices.PracticeUserView[]): practices.PracticeProfile {
  return {
    _id: r.id,
    npi: r.npi,
    practiceName: r.practice_name,
    displayName: r.display_name,
    userName: r.user_name,
    email: r.email,
    mobile: null,
    phone: r.phone,
    fax: r.fax,
    website: r.website,
    profileDescription: r.description,
    mailingAddress: { streetAddress1: r.street1, suite: r.suite, city: r.city, state: r.state, zip: r.zip },
    bannerImageUrl: r.banner_url,
    avatarImageUrl: r.avatar_url,
    users,
    lastUpdate: new Date(r.last_update).toISOString(),
  };
}

/** Reads of the practices read models (plain SQL on the service's pool: its schema is on the search_path). */
@Injectable()
export class PracticesQueries {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<ServiceConfig, 'EVENT_STORE'>,
  ) {}

  async person(id: string): Promise<PersonRow | undefined> {
    return (await this.pool.query<PersonRow>('SELECT * FROM practice_people WHERE id = $1 AND NOT deleted', [id])).rows[0];
  }

  async byId(id: string): Promise<PracticeRow | undefined> {
    return (await this.pool.query<PracticeRow>(`SELECT ${COLUMNS} FROM practices WHERE id = $1`, [id])).rows[0];
  }

  async byNpi(npi: string): Promise<PracticeRow | undefined> {
    return (await this.pool.query<PracticeRow>(`SELECT ${COLUMNS} FROM practices WHERE npi = $1 LIMIT 1`, [npi])).rows[0];
  }

  /** A practice as its profile shows it (404 when there is none). */
  async profileOf(practiceId: string): Promise<practices.PracticeProfile> {
    const row = await this.byId(practiceId);
    if (!row) throw new NotFound('Practice not found');
    return this.profile(row);
  }

  async profile(row: PracticeRow): Promise<practices.PracticeProfile> {
    const users = await this.usersOf([row.id]);
    return profileView(row, users.get(row.id) ?? []);
  }

  /** The users of these practices (in the order they were added), with the directory's current names. */
  async usersOf(practiceIds: string[]): Promise<Map<string, practices.PracticeUserView[]>> {
    const out = new Map<string, practices.PracticeUserView[]>(practiceIds.map((id) => [id, []]));
    if (!practiceIds.length) return out;
    const { rows } = await this.pool.query<UserRow>(
      `SELECT pu.practice_id, pu.user_id, pu.access_type, ${FULL_NAME_SQL} AS full_name,
              coalesce(pp.npi, pu.npi) AS npi, coalesce(pp.avatar_url, pu.avatar_url) AS avatar_url
         FROM practice_users pu LEFT JOIN practice_people pp ON pp.id = pu.user_id
        WHERE pu.practice_id = ANY($1::uuid[])
        ORDER BY pu.practice_id, pu.position, pu.added_at, pu.user_id`,
      [practiceIds],
    );
    for (const r of rows) out.get(r.practice_id)?.push(userView(r));
    return out;
  }

  /** The practices grid: one rows query and one count query from the whitelist (400 naming a bad field), then the page's users. */
  async grid(query: GridQuery): Promise<practices.ListPracticesReply> {
    const { rows, count } = await runGridQuery<PracticeRow>(this.pool, buildGridQuery(PRACTICES_GRID, query, { select: SELECT }));
    const users = await this.usersOf(rows.map((r) => r.id));
    return { practices: rows.map((r) => listItem(r, users.get(r.id) ?? [])), count };
  }

  /** A user's practices: one indexed query (practice_users by user), then their users. */
  async ofUser(userId: string): Promise<practices.PracticeListItem[]> {
    const { rows } = await this.pool.query<PracticeRow>(
      `SELECT ${SELECT.map((c) => `p.${c}`).join(', ')} FROM practice_users pu JOIN practices p ON p.id = pu.practice_id
        WHERE pu.user_id = $1 ORDER BY lower(p.practice_name), p.id`,
      [userId],
    );
    const users = await this.usersOf(rows.map((r) => r.id));
    return rows.map((r) => listItem(r, users.get(r.id) ?? []));
  }

  async byIds(ids: string[]): Promise<practices.PracticeListItem[]> {
    if (!ids.length) return [];
    const { rows } = await this.pool.query<PracticeRow>(`SELECT ${COLUMNS} FROM practices WHERE id = ANY($1::uuid[]) ORDER BY lower(practice_name), id`, [ids]);
    const users = await this.usersOf(rows.map((r) => r.id));
    return rows.map((r) => listItem(r, users.get(r.id) ?? []));
  }

  async npisTaken(npis: string[]): Promise<{ npi: string; userName: string; _id: string }[]> {
    if (!npis.length) return [];
    const { rows } = await this.pool.query<{ npi: string; user_name: string; id: string }>('SELECT npi, user_name, id FROM practices WHERE npi = ANY($1::text[])', [npis]);
    return rows.map((r) => ({ npi: r.npi, userName: r.user_name, _id: r.id }));
  }

  /** The providers (users) of a practice with their access type there, or of these user ids. */
  async providers(opts: { practiceId?: string; userIds?: string[] }): Promise<practices.PracticeProviderView[]> {
    type Row = PersonRow & { user_id: string; access_type: practices.AccessType | null; full_name: string | null; pu_npi: string | null; pu_avatar: string | null };
    const { rows } = opts.practiceId
      ? await this.pool.query<Row>(
          `SELECT pp.*, pu.user_id, pu.access_type, ${FULL_NAME_SQL} AS full_name, pu.npi AS pu_npi, pu.avatar_url AS pu_avatar
             FROM practice_users pu LEFT JOIN practice_people pp ON pp.id = pu.user_id
            WHERE pu.practice_id = $1 ORDER BY pu.position, pu.added_at, pu.user_id`,
          [opts.practiceId],
        )
      : await this.pool.query<Row>(
          `SELECT pp.*, pp.id AS user_id, NULL AS access_type, ${FULL_NAME_SQL.replace('pu.full_name, ', '')} AS full_name, NULL AS pu_npi, NULL AS pu_avatar
             FROM practice_people pp WHERE pp.id = ANY($1::uuid[]) AND NOT pp.deleted ORDER BY pp.last_name, pp.first_name, pp.id`,
          [opts.userIds ?? []],
        );
    const memberships = new Map<string, { practice: string; accessType: practices.AccessType }[]>();
    if (rows.length) {
      const m = await this.pool.query<{ user_id: string; practice_id: string; access_type: practices.AccessType }>(
        'SELECT user_id, practice_id, access_type FROM practice_users WHERE user_id = ANY($1::uuid[]) ORDER BY added_at',
        [rows.map((r) => r.user_id)],
      );
      for (const r of m.rows) memberships.set(r.user_id, [...(memberships.get(r.user_id) ?? []), { practice: r.practice_id, accessType: r.access_type }]);
    }
    return rows.map((r) => ({
      _id: r.user_id,
      npi: r.npi ?? r.pu_npi,
      firstName: r.first_name,
      lastName: r.last_name,
      fullName: r.full_name ?? '',
      mailingAddress: { streetAddress1: r.street1, city: r.city, state: r.state, zip: r.zip },
      phone: r.phone,
      avatarImageUrl: r.avatar_url ?? r.pu_avatar,
      accessType: r.access_type,
      practices: memberships.get(r.user_id) ?? [],
    }));
  }

  /** Which practice holds this unique value (lower case; the NPI as is). */
  async claimHolder(kind: 'npi' | 'userName' | 'email', value: string): Promise<string | undefined> {
    // On KurrentDB the claims are the store's reservation streams: asked through the store.
    if (this.config.EVENT_STORE === 'kurrentdb') return this.store.claimHolder(practiceClaimScope(kind), value);
    return (await this.pool.query<{ owner: string }>('SELECT owner FROM claims WHERE scope = $1 AND value = $2', [practiceClaimScope(kind), value])).rows[0]?.owner;
  }

  /** Practice user names in use that start with `base` (lower case). */
  async userNamesStartingWith(base: string): Promise<Set<string>> {
    const like = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    if (this.config.EVENT_STORE === 'kurrentdb') {
      // KurrentDB's reservation streams cannot be searched by prefix: the practices read model
      // is (it may lag a command behind; the claim taken at creation still refuses a duplicate).
      const { rows } = await this.pool.query<{ v: string }>(`SELECT lower(user_name) AS v FROM practices WHERE lower(user_name) LIKE $1 LIMIT 10000`, [like]);
      return new Set(rows.map((r) => r.v));
    }
    const { rows } = await this.pool.query<{ v: string }>(`SELECT value AS v FROM claims WHERE scope = $1 AND value LIKE $2 LIMIT 10000`, [
      practiceClaimScope('userName'),
      like,
    ]);
    return new Set(rows.map((r) => r.v));
  }
}
