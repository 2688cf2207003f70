import { defineGrid } from '@app/grid';

/**
 * The practices' read models (in the service's schema):
 * - `practices`: one row per active practice (the grid and the profile), written by the
 *   `practices` projection;
 * - `practice_users`: one row per user of a practice with the access type, indexed by user
 *   (each user's practices is one indexed query), written by the same projection;
 * - `practice_people`: the directory's profiles as the practices show them (names, NPI,
 *   address, phone, avatar, roles), kept in step from `events.directory.*` by the directory
 *   consumer (a service learns another's facts from its events, never its tables);
 * - the unique NPI, user name and email of each practice are its claims in the event store's
 *   `claims` table (scope 'practice.<kind>'), written with the events (not a projection:
 *   uniqueness must hold at once).
 */
export const PRACTICES_TABLE = 'practices';

/** The scope of a practice's unique value in the event store's `claims` table. */
export const practiceClaimScope = (kind: 'npi' | 'userName' | 'email') => `practice.${kind}`;
export const PRACTICE_USERS_TABLE = 'practice_users';

export const PRACTICES_TABLE_DDL = `CREATE TABLE IF NOT EXISTS practices (
  id uuid PRIMARY KEY,
  npi text NOT NULL,
  practice_name text NOT NULL,
  display_name text NOT NULL,
  user_name text NOT NULL,
  email text NOT NULL,
  street1 text,
  suite text,
  city text,
  state text,
  zip text,
  zip_digits text,
  phone text,
  phone_display text,
  fax text,
  website text,
  description text,
  banner_url text,
  avatar_url text,
  created_at timestamptz NOT NULL,
  last_update timestamptz NOT NULL
)`;

export const PRACTICE_USERS_TABLE_DDL = `CREATE TABLE IF NOT EXISTS practice_users (
  practice_id uuid NOT NULL,
  user_id uuid NOT NULL,
  access_type text NOT NULL,
  full_name text,
  npi text,
  avatar_url text,
  position integer NOT NULL DEFAULT 0,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (practice_id, user_id)
)`;

export const PRACTICE_PEOPLE_DDL = `CREATE TABLE IF NOT EXISTS practice_people (
  id uuid PRIMARY KEY,
  user_name text,
  first_name text,
  middle_name text,
  last_name text,
  display_name text,
  npi text,
  street1 text,
  city text,
  state text,
  zip text,
  phone text,
  avatar_url text,
  is_admin boolean NOT NULL DEFAULT false,
  is_master_admin boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
)`;

export const PRACTICES_LOOKUP_INDEXES = [
  'CREATE INDEX IF NOT EXISTS practices_npi ON practices (npi)',
  'CREATE INDEX IF NOT EXISTS practices_user_name_lower ON practices (lower(user_name))',
  'CREATE INDEX IF NOT EXISTS practice_users_user ON practice_users (user_id, practice_id)',
];

/**
 * The practices grid (/admin/practices): Practice Name (pinned, name plus NPI), Primary
 * Practice Address (the mailing address: city prefix, state, ZIP prefix), Phone (as shown,
 * xxx-xxx-xxxx), and the NPI. Practice Owners is shown, not filtered.
 */
export const PRACTICES_GRID = defineGrid({
  table: PRACTICES_TABLE,
  id: 'id',
  fields: {
    practiceName: { dataType: 'string', column: 'practice_name' },
    npi: { dataType: 'string', column: 'npi' },
    primaryPracticeAddress: { dataType: 'address', city: 'city', state: 'state', zip: 'zip_digits' },
    phone: { dataType: 'string', column: 'phone_display' },
    lastUpdate: { dataType: 'date', column: 'last_update' },
  },
});

/** +15125550100 -> 512-555-0100 (other numbers as stored). */
export function phoneDisplay(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : phone;
}

export const zipDigits = (zip: string | null | undefined) => (zip ? zip.replace(/\D/g, '') || null : null);
