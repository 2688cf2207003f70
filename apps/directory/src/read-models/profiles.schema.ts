import { defineGrid } from '@app/grid';

/**
 * The profiles read model (table `profiles` in the directory's schema): one row per active
 * profile, written only by the `profiles` projection. No UNIQUE constraint besides the id:
 * identity owns the uniqueness of user names, emails and mobiles, and the projection may see
 * two accounts' changes in another order than they happened.
 */
export const PROFILES_TABLE = 'profiles';

export const PROFILES_TABLE_DDL = `CREATE TABLE IF NOT EXISTS profiles (
  id uuid PRIMARY KEY,
  user_name text NOT NULL,
  user_name_lower text NOT NULL,
  email text NOT NULL,
  mobile text,
  mobile_display text,
  npi text,
  first_name text,
  middle_name text,
  last_name text,
  display_name text,
  name text,
  credentials text,
  specialty text,
  organization text,
  street1 text,
  street2 text,
  suite text,
  city text,
  state text,
  zip text,
  zip_digits text,
  phone text,
  fax text,
  website text,
  description text,
  banner_url text,
  avatar_url text,
  is_admin boolean NOT NULL DEFAULT false,
  is_provider boolean NOT NULL DEFAULT false,
  is_master_admin boolean NOT NULL DEFAULT false,
  practices jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL,
  last_update timestamptz NOT NULL
)`;

/** Lookups besides the grid's: by user name, email, NPI (search by NPI, the registry's 'already registered'). */
export const PROFILES_LOOKUP_INDEXES = [
  'CREATE INDEX IF NOT EXISTS profiles_user_name_lower ON profiles (user_name_lower text_pattern_ops)',
  'CREATE INDEX IF NOT EXISTS profiles_email_lower ON profiles (lower(email))',
  'CREATE INDEX IF NOT EXISTS profiles_npi ON profiles (npi)',
  'CREATE INDEX IF NOT EXISTS profiles_display_name_trgm ON profiles USING gin ((lower(public.f_unaccent(display_name))) public.gin_trgm_ops)',
  'CREATE INDEX IF NOT EXISTS profiles_user_name_trgm ON profiles USING gin (user_name_lower public.gin_trgm_ops)',
];

/**
 * The users grid at scale. A name filter (contains: trigrams) with an address filter ('city,
 * state code, or ZIP': city prefix OR state OR ZIP prefix) is answered from one multicolumn
 * trigram GIN index: for each arm of the OR the planner scans this index with the name's
 * trigrams AND the arm's (a BitmapOr of two such scans), so only rows matching both filters
 * are read from the table, not every row whose name matches. Its first column serves a name
 * filter alone, so the grid kit's single-column name index goes.
 */
export const USERS_GRID_SCALE_INDEXES = [
  `CREATE INDEX IF NOT EXISTS profiles_name_address_trgm ON profiles USING gin (
    (lower(public.f_unaccent(name))) public.gin_trgm_ops,
    (lower(public.f_unaccent(city))) public.gin_trgm_ops,
    (upper(state)) public.gin_trgm_ops,
    zip_digits public.gin_trgm_ops)`,
  'DROP INDEX IF EXISTS profiles_name_trgm',
];

/**
 * The users grid (/admin/users): Name ('Last, First Middle'), Credentials, Specialty, Primary
 * Practice Address (the mailing address: city prefix, state, ZIP prefix), Mobile (as shown,
 * xxx-xxx-xxxx), Last Updated.
 */
export const USERS_GRID = defineGrid({
  table: PROFILES_TABLE,
  id: 'id',
  fields: {
    name: { dataType: 'string', column: 'name' },
    credentials: { dataType: 'string', column: 'credentials' },
    specialty: { dataType: 'string', column: 'specialty' },
    primaryPracticeAddress: { dataType: 'address', city: 'city', state: 'state', zip: 'zip_digits' },
    mobile: { dataType: 'string', column: 'mobile_display' },
    lastUpdate: { dataType: 'date', column: 'last_update' },
  },
});

/** 'Last, First Middle' as the grid sorts and filters it. */
export function gridName(p: { lastName: string | null; firstName: string | null; middleName: string | null; displayName: string | null; userName: string }): string {
  const given = [p.firstName, p.middleName].filter(Boolean).join(' ');
  if (p.lastName && given) return `${p.lastName}, ${given}`;
  return p.lastName ?? (given || p.displayName || p.userName);
}

/** +12025550123 -> 202-555-0123 (other numbers as stored). */
export function mobileDisplay(mobile: string | null): string | null {
  if (!mobile) return null;
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(mobile);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : mobile;
}

export const zipDigits = (zip: string | null) => (zip ? zip.replace(/\D/g, '') || null : null);
