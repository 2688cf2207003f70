/**
 * The FHIR read model's rows computed from what the directory and practices know (pure), and
 * the multi-row statements that write them (through any `exec(sql, params)` bound to one
 * transaction: the projection's EntityManager or the practices consumer's pg client).
 */
import { norm, stateNorm, words, zipNorm } from './fhir-text';
import { specialtyCode } from './specialty';

export type Exec = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** `= ANY(<json list parameter>)` of a type: a list travels as one JSON text parameter. */
export const anyOf = (type: 'text' | 'uuid') => `ANY(ARRAY(SELECT jsonb_array_elements_text(?::jsonb))::${type}[])`;

/** `"schema"."table"`. */
export const q = (schema: string, table: string) => `"${schema.replace(/"/g, '""')}"."${table}"`;

/** What the read model keeps of a profile (the columns of fhir_practitioners without the derived ones). */
export type PractitionerSource = {
  id: string;
  provider: boolean;
  npi: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  display_name: string | null;
  credentials: string | null;
  specialty: string | null;
  organization: string | null;
  phone: string | null;
  fax: string | null;
  website: string | null;
  street1: string | null;
  street2: string | null;
  suite: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  licences: unknown[];
  last_updated: string;
};
export const PRACTITIONER_SOURCE_COLUMNS = [
  'id', 'provider', 'npi', 'first_name', 'middle_name', 'last_name', 'display_name', 'credentials', 'specialty', 'organization',
  'phone', 'fax', 'website', 'street1', 'street2', 'suite', 'city', 'state', 'zip', 'licences', 'last_updated',
] as const;

type AddressCols = { street1?: string | null; street2?: string | null; suite?: string | null; city: string | null; state: string | null; zip: string | null };
const addressSearch = (a: AddressCols) => ({
  address_words: words(a.street1, a.street2, a.suite, a.city, a.state, a.zip),
  city_norm: norm(a.city) || null,
  state_norm: stateNorm(a.state),
  zip_norm: zipNorm(a.zip),
});

export function practitionerRow(s: PractitionerSource): Record<string, unknown> {
  return {
    ...s,
    licences: s.licences ?? [],
    specialty_code: specialtyCode(s.specialty),
    name_words: words(s.first_name, s.middle_name, s.last_name, s.display_name),
    family_norm: norm(s.last_name) || null,
    given_words: words(s.first_name, s.middle_name),
    ...addressSearch(s),
  };
}

const hasAddress = (a: AddressCols) => !!(a.city || a.state || a.street1 || a.zip);
const personName = (s: PractitionerSource) => s.display_name || [s.first_name, s.last_name].filter(Boolean).join(' ') || 'Provider';

/** The practice location of a provider's own profile (its primary practice address), id = the profile's id. */
export function ownLocationRow(s: PractitionerSource): Record<string, unknown> {
  const name = s.organization || `Office of ${personName(s)}`;
  return {
    id: s.id,
    kind: 'practitioner',
    published: s.provider && hasAddress(s),
    npi: null,
    name,
    organization_id: null,
    phone: s.phone,
    fax: s.fax,
    street1: s.street1,
    street2: s.street2,
    suite: s.suite,
    city: s.city,
    state: s.state,
    zip: s.zip,
    name_words: words(name),
    ...addressSearch(s),
    source: null,
    last_updated: s.last_updated,
  };
}

/** A provider's own role (id = the profile's id): specialty, office phone, own practice location. */
export function ownRoleRow(s: PractitionerSource): Record<string, unknown> {
  return {
    id: s.id,
    kind: 'own',
    published: s.provider,
    practitioner_id: s.id,
    organization_id: null,
    location_id: hasAddress(s) ? s.id : null,
    specialty: s.specialty,
    specialty_code: specialtyCode(s.specialty),
    phone: s.phone,
    fax: s.fax,
    ...addressSearch(s),
    last_updated: s.last_updated,
  };
}

/** What the read model keeps of a facility (a Location), merged from its events. */
export type FacilitySource = {
  id: string;
  npi: string;
  entityTypeCode: string;
  contactPersonFirstName: string | null;
  contactPersonMiddleName: string | null;
  contactPersonLastName: string | null;
  organizationName: string | null;
  phone: string | null;
  fax: string | null;
  mailingAddress: { street: string; suite: string | null; city: string; state: string; zip: string };
  last_updated: string;
};

export function facilityLocationRow(f: FacilitySource): Record<string, unknown> {
  const person = [f.contactPersonFirstName, f.contactPersonMiddleName, f.contactPersonLastName].filter(Boolean).join(' ');
  const name = f.organizationName || person || `Facility ${f.npi}`;
  const a = { street1: f.mailingAddress.street, street2: null, suite: f.mailingAddress.suite, city: f.mailingAddress.city, state: f.mailingAddress.state, zip: f.mailingAddress.zip };
  return {
    id: f.id,
    kind: 'facility',
    published: true,
    npi: f.npi,
    name,
    organization_id: null,
    phone: f.phone,
    fax: f.fax,
    ...a,
    name_words: words(name),
    ...addressSearch(a),
    source: f,
    last_updated: f.last_updated,
  };
}

/** A practice as the read model keeps it (fhir_organizations' own columns). */
export type OrganizationSource = {
  id: string;
  npi: string | null;
  name: string;
  alias: string | null;
  phone: string | null;
  fax: string | null;
  website: string | null;
  street1: string | null;
  suite: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  last_updated: string;
};

export function organizationRow(o: OrganizationSource, seq: number): Record<string, unknown> {
  return { ...o, seq, deleted: false, name_words: words(o.name, o.alias), ...addressSearch(o) };
}

export function practiceLocationRow(o: OrganizationSource): Record<string, unknown> {
  return {
    id: o.id,
    kind: 'practice',
    published: true,
    npi: o.npi,
    name: o.name,
    organization_id: o.id,
    phone: o.phone,
    fax: o.fax,
    street1: o.street1,
    street2: null,
    suite: o.suite,
    city: o.city,
    state: o.state,
    zip: o.zip,
    name_words: words(o.name),
    ...addressSearch(o),
    source: null,
    last_updated: o.last_updated,
  };
}

/** Rows upserted in one statement, typed by the table's own row type (as the profiles projection does). */
export async function upsertRows(exec: Exec, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  const list = cols.map((c) => `"${c}"`).join(', ');
  await exec(
    `INSERT INTO ${table} AS t (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, ?::jsonb)
     ON CONFLICT (id) DO UPDATE SET ${cols.filter((c) => c !== 'id').map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ')}`,
    [JSON.stringify(rows)],
  );
}

/**
 * The NPPES licences (taxonomies with a licence number) of NPIs, from the registry mirror as it
 * is when the profile names the NPI.
 */
export async function registryLicences(exec: Exec, schema: string, npis: string[]): Promise<Map<string, unknown[]>> {
  const out = new Map<string, unknown[]>();
  if (!npis.length) return out;
  const rows = await exec(`SELECT npi, taxonomies FROM ${q(schema, 'registry_providers')} WHERE npi = ${anyOf('text')}`, [JSON.stringify(npis)]);
  for (const r of rows) {
    const list = (r.taxonomies as { code: string; desc: string; state: string | null; license: string | null }[]) ?? [];
    out.set(r.npi as string, list.filter((t) => t.license).map((t) => ({ code: t.code, desc: t.desc, state: t.state, license: t.license })));
  }
  return out;
}

/**
 * Replaces the Endpoint rows of `holders` (profiles or practices) with the NPPES endpoints of
 * their NPI (registry_endpoints, as it is now); a holder without an NPI, or unpublished, has none.
 */
export async function refreshEndpoints(
  exec: Exec,
  fhirSchema: string,
  registrySchema: string,
  holders: { id: string; npi: string | null; organizationId: string | null; publish: boolean; at: string }[],
): Promise<void> {
  if (!holders.length) return;
  const t = q(fhirSchema, 'fhir_endpoints');
  await exec(`DELETE FROM ${t} WHERE holder_id = ${anyOf('uuid')}`, [JSON.stringify(holders.map((h) => h.id))]);
  const wanted = holders.filter((h) => h.publish && h.npi);
  if (!wanted.length) return;
  const found = await exec(`SELECT npi, list FROM ${q(registrySchema, 'registry_endpoints')} WHERE npi = ${anyOf('text')}`, [JSON.stringify(wanted.map((h) => h.npi))]);
  const byNpi = new Map(found.map((r) => [r.npi as string, (r.list as Record<string, string>[]) ?? []]));
  const rows: Record<string, unknown>[] = [];
  for (const h of wanted) {
    (byNpi.get(h.npi as string) ?? []).forEach((e, i) => {
      if (!e.endpoint) return;
      rows.push({
        id: `${h.id}-${i + 1}`,
        holder_id: h.id,
        organization_id: h.organizationId,
        npi: h.npi,
        ordinal: i + 1,
        data: e,
        name_words: words(e.endpointDescription || e.endpointTypeDescription || e.affiliationName),
        last_updated: h.at,
      });
    });
  }
  await upsertRows(exec, t, rows);
}
