import { isValidNpi } from '@app/validation';
import type { RegistryEndpoint, RegistryTaxonomy } from './registry-result';
import type { TaxonomyTable } from './taxonomy';

/**
 * Turning one line of an NPPES data file into one row of the mirror. Columns are found by
 * their header name (older files call column 42 'Provider Gender Code'), never by position.
 */
export const MAX_TAXONOMIES = 15;

/** The mirror's columns filled from a data file, in COPY order. */
export const PROVIDER_COLUMNS = [
  'npi',
  'entity_type',
  'replacement_npi',
  'organization_name',
  'last_name',
  'first_name',
  'middle_name',
  'name_prefix',
  'name_suffix',
  'credential',
  'sex',
  'enumeration_date',
  'last_update',
  'deactivation_reason',
  'deactivation_date',
  'reactivation_date',
  'deactivated',
  'mail_address_1',
  'mail_address_2',
  'mail_city',
  'mail_state',
  'mail_postal_code',
  'mail_country',
  'mail_phone',
  'mail_fax',
  'loc_address_1',
  'loc_address_2',
  'loc_city',
  'loc_state',
  'loc_postal_code',
  'loc_country',
  'loc_phone',
  'loc_fax',
  'primary_taxonomy_code',
  'primary_taxonomy_desc',
  'taxonomies',
  'sample',
] as const;
export type ProviderColumn = (typeof PROVIDER_COLUMNS)[number];
export type ProviderRow = Record<ProviderColumn, string | number | boolean | null>;

const FIELDS = {
  npi: ['NPI'],
  entityType: ['Entity Type Code'],
  replacementNpi: ['Replacement NPI'],
  organizationName: ['Provider Organization Name (Legal Business Name)'],
  lastName: ['Provider Last Name (Legal Name)'],
  firstName: ['Provider First Name'],
  middleName: ['Provider Middle Name'],
  namePrefix: ['Provider Name Prefix Text'],
  nameSuffix: ['Provider Name Suffix Text'],
  credential: ['Provider Credential Text'],
  sex: ['Provider Sex Code', 'Provider Gender Code'],
  enumerationDate: ['Provider Enumeration Date'],
  lastUpdate: ['Last Update Date'],
  deactivationReason: ['NPI Deactivation Reason Code'],
  deactivationDate: ['NPI Deactivation Date'],
  reactivationDate: ['NPI Reactivation Date'],
  mail1: ['Provider First Line Business Mailing Address'],
  mail2: ['Provider Second Line Business Mailing Address'],
  mailCity: ['Provider Business Mailing Address City Name'],
  mailState: ['Provider Business Mailing Address State Name'],
  mailZip: ['Provider Business Mailing Address Postal Code'],
  mailCountry: ['Provider Business Mailing Address Country Code (If outside U.S.)'],
  mailPhone: ['Provider Business Mailing Address Telephone Number'],
  mailFax: ['Provider Business Mailing Address Fax Number'],
  loc1: ['Provider First Line Business Practice Location Address'],
  loc2: ['Provider Second Line Business Practice Location Address'],
  locCity: ['Provider Business Practice Location Address City Name'],
  locState: ['Provider Business Practice Location Address State Name'],
  locZip: ['Provider Business Practice Location Address Postal Code'],
  locCountry: ['Provider Business Practice Location Address Country Code (If outside U.S.)'],
  locPhone: ['Provider Business Practice Location Address Telephone Number'],
  locFax: ['Provider Business Practice Location Address Fax Number'],
} as const;
type Field = keyof typeof FIELDS;

/** Column positions of one file, found by header name. */
export type NppesLayout = {
  columns: number;
  at: Record<Field, number>;
  taxonomies: Array<{ code: number; license: number; state: number; primary: number }>;
};

/** Reads a data file's header. Throws when a required column (NPI, Entity Type Code) is missing. */
export function nppesLayout(header: readonly string[]): NppesLayout {
  const index = new Map<string, number>();
  header.forEach((name, i) => index.set(name.trim().toLowerCase(), i));
  const find = (names: readonly string[]) => {
    for (const n of names) {
      const i = index.get(n.toLowerCase());
      if (i !== undefined) return i;
    }
    return -1;
  };
  const at = Object.fromEntries(Object.entries(FIELDS).map(([k, names]) => [k, find(names)])) as Record<Field, number>;
  if (at.npi < 0) throw new Error("not an NPPES data file: no 'NPI' column in its header");
  if (at.entityType < 0) throw new Error("not an NPPES data file: no 'Entity Type Code' column in its header");
  const taxonomies: NppesLayout['taxonomies'] = [];
  for (let n = 1; n <= MAX_TAXONOMIES; n++) {
    const code = find([`Healthcare Provider Taxonomy Code_${n}`]);
    if (code < 0) continue;
    taxonomies.push({
      code,
      license: find([`Provider License Number_${n}`]),
      state: find([`Provider License Number State Code_${n}`]),
      primary: find([`Healthcare Provider Primary Taxonomy Switch_${n}`]),
    });
  }
  return { columns: header.length, at, taxonomies };
}

/** Why a line was not imported (counted per reason in the import report). */
export type RejectReason = 'wrong number of columns' | 'missing NPI' | 'invalid NPI check digit' | 'unknown entity type';

export type MappedRecord = { row: ProviderRow } | { reject: RejectReason; npi?: string };

/** MM/DD/YYYY (the file's dates) to YYYY-MM-DD; anything else is no date. */
export function nppesDate(value: string | undefined): string | null {
  if (!value) return null;
  const v = value.length === 10 ? value : value.trim();
  // Read by character codes (a regular expression per date was a tenth of the mapping's time).
  if (v.length !== 10 || v.charCodeAt(2) !== SLASH || v.charCodeAt(5) !== SLASH) return null;
  for (const i of DATE_DIGITS) {
    const c = v.charCodeAt(i);
    if (c < ZERO || c > NINE) return null;
  }
  const month = (v.charCodeAt(0) - ZERO) * 10 + v.charCodeAt(1) - ZERO;
  const day = (v.charCodeAt(3) - ZERO) * 10 + v.charCodeAt(4) - ZERO;
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${v.slice(6)}-${v.slice(0, 2)}-${v.slice(3, 5)}`;
}
const SLASH = 0x2f;
const ZERO = 0x30;
const NINE = 0x39;
const DATE_DIGITS = [0, 1, 3, 4, 6, 7, 8, 9];

/** A value of the record, trimmed ('' when the file has no such column). */
function field(record: readonly string[], i: number): string {
  if (i < 0) return '';
  const v = record[i];
  if (!v) return '';
  // Values rarely have spaces around them: trim only those that may (a space, a control or a non-ASCII character at either end).
  const a = v.charCodeAt(0);
  const z = v.charCodeAt(v.length - 1);
  return a <= 32 || a > 126 || z <= 32 || z > 126 ? v.trim() : v;
}

export function mapNppesRecord(record: readonly string[], layout: NppesLayout, taxonomy: TaxonomyTable, options: { sample: boolean }): MappedRecord {
  const at = layout.at;
  if (record.length !== layout.columns) return { reject: 'wrong number of columns', npi: record[at.npi] };
  const text = (i: number): string | null => field(record, i) || null;
  const npi = field(record, at.npi);
  if (!npi) return { reject: 'missing NPI' };
  if (!isValidNpi(npi)) return { reject: 'invalid NPI check digit', npi };
  const entity = field(record, at.entityType);
  if (entity !== '' && entity !== '1' && entity !== '2') return { reject: 'unknown entity type', npi };
  const deactivationDate = nppesDate(field(record, at.deactivationDate));
  const reactivationDate = nppesDate(field(record, at.reactivationDate));
  // Deactivated: the file gives a deactivation date (and no entity type), unless reactivated since.
  const deactivated = !!deactivationDate && !(reactivationDate && reactivationDate >= deactivationDate);

  const taxonomies: RegistryTaxonomy[] = [];
  for (const t of layout.taxonomies) {
    const code = field(record, t.code);
    if (!code) continue;
    taxonomies.push({
      code,
      desc: taxonomy.desc(code),
      primary: field(record, t.primary).toUpperCase() === 'Y',
      state: field(record, t.state) || null,
      license: field(record, t.license) || null,
    });
  }
  // The primary taxonomy is the one flagged Y; a file without a flag makes the first one primary.
  if (taxonomies.length && !taxonomies.some((t) => t.primary)) taxonomies[0].primary = true;
  const primary = taxonomies.find((t) => t.primary);

  return {
    row: {
      npi,
      entity_type: entity ? Number(entity) : null,
      replacement_npi: text(at.replacementNpi),
      organization_name: text(at.organizationName),
      last_name: text(at.lastName),
      first_name: text(at.firstName),
      middle_name: text(at.middleName),
      name_prefix: text(at.namePrefix),
      name_suffix: text(at.nameSuffix),
      credential: text(at.credential),
      sex: text(at.sex),
      enumeration_date: nppesDate(field(record, at.enumerationDate)),
      last_update: nppesDate(field(record, at.lastUpdate)),
      deactivation_reason: text(at.deactivationReason),
      deactivation_date: deactivationDate,
      reactivation_date: reactivationDate,
      deactivated,
      mail_address_1: text(at.mail1),
      mail_address_2: text(at.mail2),
      mail_city: text(at.mailCity),
      mail_state: text(at.mailState)?.toUpperCase() ?? null,
      mail_postal_code: text(at.mailZip),
      mail_country: text(at.mailCountry),
      mail_phone: text(at.mailPhone),
      mail_fax: text(at.mailFax),
      loc_address_1: text(at.loc1),
      loc_address_2: text(at.loc2),
      loc_city: text(at.locCity),
      loc_state: text(at.locState)?.toUpperCase() ?? null,
      loc_postal_code: text(at.locZip),
      loc_country: text(at.locCountry),
      loc_phone: text(at.locPhone),
      loc_fax: text(at.locFax),
      primary_taxonomy_code: primary?.code ?? null,
      primary_taxonomy_desc: primary?.desc ?? null,
      taxonomies: JSON.stringify(taxonomies),
      sample: options.sample,
    },
  };
}

/** The endpoint reference file: one endpoint of an NPI per line. */
export type EndpointLayout = { columns: number; at: Record<string, number> };

const ENDPOINT_FIELDS: Record<keyof RegistryEndpoint | 'npi', string> = {
  npi: 'NPI',
  endpointType: 'Endpoint Type',
  endpointTypeDescription: 'Endpoint Type Description',
  endpoint: 'Endpoint',
  affiliation: 'Affiliation',
  endpointDescription: 'Endpoint Description',
  affiliationName: 'Affiliation Legal Business Name',
  use: 'Use Code',
  useDescription: 'Use Description',
  contentType: 'Content Type',
  contentTypeDescription: 'Content Description',
  address_1: 'Affiliation Address Line One',
  city: 'Affiliation Address City',
  state: 'Affiliation Address State',
  country_code: 'Affiliation Address Country',
  postal_code: 'Affiliation Address Line Postal Code',
};

export function endpointLayout(header: readonly string[]): EndpointLayout {
  const index = new Map<string, number>();
  header.forEach((name, i) => index.set(name.trim().toLowerCase(), i));
  const at = Object.fromEntries(Object.entries(ENDPOINT_FIELDS).map(([k, name]) => [k, index.get(name.toLowerCase()) ?? -1]));
  if (at.npi < 0 || at.endpoint < 0) throw new Error("not an NPPES endpoint file: no 'NPI' and 'Endpoint' columns in its header");
  return { columns: header.length, at };
}

export function mapEndpointRecord(
  record: readonly string[],
  layout: EndpointLayout,
): { npi: string; endpoint: RegistryEndpoint } | { reject: RejectReason | 'missing endpoint'; npi?: string } {
  if (record.length !== layout.columns) return { reject: 'wrong number of columns' };
  const get = (k: string) => (layout.at[k] < 0 ? '' : (record[layout.at[k]] ?? '').trim());
  const npi = get('npi');
  if (!npi) return { reject: 'missing NPI' };
  if (!isValidNpi(npi)) return { reject: 'invalid NPI check digit', npi };
  if (!get('endpoint')) return { reject: 'missing endpoint', npi };
  const endpoint = Object.fromEntries(Object.keys(ENDPOINT_FIELDS).filter((k) => k !== 'npi').map((k) => [k, get(k)])) as RegistryEndpoint;
  return { npi, endpoint };
}
