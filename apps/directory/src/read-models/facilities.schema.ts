import { defineGrid } from '@app/grid';

/**
 * The facilities read model (table `facilities` in the directory's schema): one row per active
 * facility, written only by the `facilities` projection; every read is scoped to its owner.
 * The NPI's uniqueness per admin is the write side's (the facility's claims in the event
 * store's `claims` table, written with the events), not this table's.
 */
export const FACILITIES_TABLE = 'facilities';

export const FACILITIES_TABLE_DDL = `CREATE TABLE IF NOT EXISTS facilities (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL,
  npi text NOT NULL,
  entity_type_code text NOT NULL,
  first_name text,
  middle_name text,
  last_name text,
  organization_name text,
  name text,
  street text NOT NULL,
  suite text,
  city text NOT NULL,
  state text NOT NULL,
  zip text NOT NULL,
  zip_digits text,
  email text,
  mobile text,
  mobile_display text,
  phone text,
  phone_display text,
  fax text,
  fax_display text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
)`;

export const FACILITIES_LOOKUP_INDEXES = ['CREATE INDEX IF NOT EXISTS facilities_owner ON facilities (owner_id, id)'];

/**
 * The facilities grid (/admin/facilities): NPI, the npiType switch (entityTypeCode exactMatch 1
 * or 2), the contact person's names, the organization, Primary Practice Address ('Enter city,
 * state code, or ZIP'), Mobile / Phone / Fax as shown (xxx-xxx-xxxx), email, dates.
 */
export const FACILITIES_GRID = defineGrid({
  table: FACILITIES_TABLE,
  id: 'id',
  fields: {
    npi: { dataType: 'string', column: 'npi', disabledFilterTypes: ['advancedFilters'] },
    entityTypeCode: { dataType: 'string', column: 'entity_type_code', disabledFilterTypes: ['contains', 'endsWith', 'advancedFilters'] },
    name: { dataType: 'string', column: 'name' },
    contactPersonLastName: { dataType: 'string', column: 'last_name' },
    contactPersonMiddleName: { dataType: 'string', column: 'middle_name' },
    contactPersonFirstName: { dataType: 'string', column: 'first_name' },
    organizationName: { dataType: 'string', column: 'organization_name' },
    primaryPracticeAddress: { dataType: 'address', city: 'city', state: 'state', zip: 'zip_digits' },
    mobile: { dataType: 'string', column: 'mobile_display' },
    phone: { dataType: 'string', column: 'phone_display' },
    fax: { dataType: 'string', column: 'fax_display' },
    email: { dataType: 'string', column: 'email' },
    createdAt: { dataType: 'date', column: 'created_at' },
    updatedAt: { dataType: 'date', column: 'updated_at' },
  },
});

/** +15125550134 -> 512-555-0134 (other numbers as stored). */
export function phoneDisplay(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : phone;
}

export const zipDigits = (zip: string | null | undefined) => (zip ? zip.replace(/\D/g, '') || null : null);
