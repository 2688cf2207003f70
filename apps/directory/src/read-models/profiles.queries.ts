import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { directory, type GridQuery } from '@app/contracts';
import { buildGridQuery, type GridSql } from '@app/grid';
import { PG_POOL } from '@app/nest-kit';
import type { ProfileState } from '../domain/profile.aggregate';
import { USERS_GRID } from './profiles.schema';

export type ProfileRow = {
  id: string;
  user_name: string;
  email: string;
  mobile: string | null;
  npi: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  display_name: string | null;
  credentials: string | null;
  specialty: string | null;
  organization: string | null;
  street1: string | null;
  street2: string | null;
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
  is_admin: boolean;
  is_provider: boolean;
  is_master_admin: boolean;
  practices: { _id: string }[] | null;
  last_update: Date | string;
};

const COLUMNS =
  'id, user_name, email, mobile, npi, first_name, middle_name, last_name, display_name, credentials, specialty, organization, street1, street2, suite, city, state, zip, phone, fax, website, description, banner_url, avatar_url, is_admin, is_provider, is_master_admin, practices, last_update';
/** The columns every read of the read model selects. */
export const SELECT = COLUMNS.split(', ');

export function toView(r: ProfileRow): directory.ProfileView {
  return {
    _id: r.id,
    npi: r.npi,
    firstName: r.first_name,
    middleName: r.middle_name,
    lastName: r.last_name,
    displayName: r.display_name,
    userName: r.user_name,
    email: r.email,
    mobile: r.mobile,
    phone: r.phone,
    fax: r.fax,
    website: r.website,
    profileDescription: r.description,
    credentials: r.credentials,
    specialty: r.specialty,
    organization: r.organization,
    mailingAddress: { streetAddress1: r.street1, streetAddress2: r.street2, suite: r.suite, city: r.city, state: r.state, zip: r.zip },
    bannerImageUrl: r.banner_url,
    avatarImageUrl: r.avatar_url,
    practices: r.practices ?? [],
    isAdmin: r.is_admin,
    isProvider: r.is_provider,
    isMasterAdmin: r.is_master_admin,
    lastUpdate: new Date(r.last_update).toISOString(),
  };
}

/** The same view from the aggregate's state (what a command just decided: no read-model lag). */
export function viewFromState(state: ProfileState): directory.ProfileView | undefined {
  if (state.status !== 'active') return undefined;
  const d = state.details;
  return {
    _id: state.profileId,
    npi: d.npi,
    firstName: d.firstName,
    middleName: d.middleName,
    lastName: d.lastName,
    displayName: d.displayName,
    userName: state.account.userName,
    email: state.account.email,
    mobile: state.account.mobile,
    phone: d.phone,
    fax: d.fax,
    website: d.website,
    profileDescription: d.profileDescription,
    credentials: d.credentials,
    specialty: d.specialty,
    organization: d.organization,
    mailingAddress: { ...d.mailingAddress },
    bannerImageUrl: d.bannerImageUrl,
    avatarImageUrl: d.avatarImageUrl,
    practices: [],
    isAdmin: state.roles.isAdmin,
    isProvider: state.roles.isProvider,
    isMasterAdmin: state.roles.isMasterAdmin,
    lastUpdate: state.lastUpdate,
  };
}

const searchItem = (r: ProfileRow): directory.UserSearchItem => ({
  _id: r.id,
  userName: r.user_name,
  firstName: r.first_name,
  lastName: r.last_name,
  npi: r.npi,
  displayName: r.display_name,
  avatarImageUrl: r.avatar_url,
});

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The users grid's rows query and count query, from the whitelist (400 naming a bad field).
 *
 * With a filter, the rows are the filter's matches sorted, not a walk along the sort index: the
 * grid kit's filtered query goes in a subquery the planner cannot merge (`OFFSET 0`), then is
 * sorted. Walking the sort index and filtering until ten rows match is what the planner picks
 * when it expects many matches spread evenly; at a million profiles it read 880,000 rows (3.6 s)
 * for a name filter whose matches all sort together ('wrig': Wright..., sorted by name
 * descending). Matching first costs what the count costs anyway.
 */
export function usersGridSql(query: GridQuery, options: { schema?: string } = {}): GridSql {
  const sql = buildGridQuery(USERS_GRID, query, { select: [...SELECT, 'name', 'mobile_display'], schema: options.schema });
  if (sql.count.values.length === 0) return sql;
  // `SELECT … FROM profiles WHERE … ORDER BY … LIMIT $n OFFSET $m`: every value is a parameter and
  // identifiers come from the whitelist, so the last ' ORDER BY ' is the grid kit's own.
  const text = sql.rows.text;
  const at = text.lastIndexOf(' ORDER BY ');
  return { ...sql, rows: { text: `SELECT * FROM (${text.slice(0, at)} OFFSET 0) AS matches${text.slice(at)}`, values: sql.rows.values } };
}

/** Reads of the profiles read model (plain SQL on the service's pool: its schema is on the search_path). */
@Injectable()
export class ProfilesQueries {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async byId(id: string): Promise<ProfileRow | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    return (await this.pool.query<ProfileRow>(`SELECT ${COLUMNS} FROM profiles WHERE id = $1`, [id])).rows[0];
  }

  /** By user name or email (updateProfile's usernameOrEmail), without case. */
  async byUserNameOrEmail(v: string): Promise<ProfileRow | undefined> {
    const t = v.trim().toLowerCase();
    return (await this.pool.query<ProfileRow>(`SELECT ${COLUMNS} FROM profiles WHERE user_name_lower = $1 OR lower(email) = $1 LIMIT 1`, [t])).rows[0];
  }

  async byUserName(userName: string): Promise<ProfileRow | undefined> {
    return (await this.pool.query<ProfileRow>(`SELECT ${COLUMNS} FROM profiles WHERE user_name_lower = $1 LIMIT 1`, [userName.trim().toLowerCase()])).rows[0];
  }

  /** The users grid (usersGridSql): the rows and the exact count, sent at once on two of the pool's connections. */
  async grid(query: GridQuery): Promise<directory.GetUsersReply> {
    const sql = usersGridSql(query);
    const [rows, counted] = await Promise.all([
      this.pool.query<ProfileRow>(sql.rows.text, sql.rows.values),
      this.pool.query<{ count: number }>(sql.count.text, sql.count.values),
    ]);
    return { users: rows.rows.map(toView), count: counted.rows[0].count };
  }

  /** People by name, display name, user name or NPI (at most 20, best first). */
  async search(term: string): Promise<directory.UserSearchItem[]> {
    const t = term.trim();
    if (!t) return [];
    const like = `%${escapeLike(t.toLowerCase())}%`;
    const { rows } = await this.pool.query<ProfileRow>(
      `SELECT ${COLUMNS} FROM profiles
        WHERE lower(public.f_unaccent(name)) LIKE lower(public.f_unaccent($1))
           OR lower(public.f_unaccent(display_name)) LIKE lower(public.f_unaccent($1))
           OR user_name_lower LIKE $1
           OR npi = $2
        ORDER BY (npi = $2) DESC NULLS LAST, (user_name_lower = $3) DESC, lower(public.f_unaccent(name)) COLLATE "C", id
        LIMIT 20`,
      [like, t, t.toLowerCase()],
    );
    return rows.map(searchItem);
  }

  async byNpis(npis: string[]): Promise<directory.UserSearchItem[]> {
    if (!npis.length) return [];
    const { rows } = await this.pool.query<ProfileRow>(`SELECT ${COLUMNS} FROM profiles WHERE npi = ANY($1::text[]) ORDER BY npi, id`, [npis]);
    return rows.map(searchItem);
  }

  /** User names in use that start with `base` (lower case). */
  async userNamesStartingWith(base: string): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ u: string }>(`SELECT user_name_lower AS u FROM profiles WHERE user_name_lower LIKE $1 LIMIT 10000`, [`${escapeLike(base)}%`]);
    return new Set(rows.map((r) => r.u));
  }
}

/** 'jsmith' from Jane Smith: the first letter of the first name and the last name, letters and digits only, lower case. */
export function userNameBase(firstName: string, lastName: string): string {
  const clean = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  const base = `${clean(firstName).slice(0, 1)}${clean(lastName)}`.slice(0, 17);
  return base.length >= 2 ? base : `${base}user`.slice(0, 17);
}

/** The first of base, base2, base3... not in `taken` (at most 20 characters). */
export function firstFreeUserName(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; n < 100_000; n++) {
    const candidate = `${base.slice(0, 20 - String(n).length)}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
  return `${base.slice(0, 12)}${Date.now().toString(36).slice(-8)}`;
}
