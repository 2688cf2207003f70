/**
 * A provider as the national registry (NPPES API v2.1) answers it, and as every registry call
 * of the product returns it (spec: practices §3 "Registry result", accounts §3 "National
 * registry search result"): `addresses[]` holds the practice location first and the mailing
 * address second; `sample` is true for the generated sample registry.
 */
export type RegistryAddress = {
  address_purpose: 'LOCATION' | 'MAILING';
  address_type: 'DOM';
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postal_code: string;
  country_code: string;
  telephone_number: string;
  fax_number: string;
};

export type RegistryTaxonomy = { code: string; desc: string; primary: boolean; state: string | null; license: string | null };

export type RegistryEndpoint = {
  endpointType: string;
  endpointTypeDescription: string;
  endpoint: string;
  endpointDescription: string;
  affiliation: string;
  affiliationName: string;
  use: string;
  useDescription: string;
  contentType: string;
  contentTypeDescription: string;
  country_code: string;
  address_1: string;
  city: string;
  state: string;
  postal_code: string;
};

export type RegistryBasic = {
  first_name: string;
  middle_name: string;
  last_name: string;
  organization_name: string;
  credential: string;
  name_prefix: string;
  name_suffix: string;
  sex: string;
  enumeration_date: string | null;
  last_updated: string | null;
  /** 'A' active, 'D' deactivated. */
  status: 'A' | 'D';
  deactivation_date: string | null;
};

export type RegistryResult = {
  number: string;
  /** 'NPI-1' a person, 'NPI-2' an organisation; null for a deactivated NPI (the file leaves it empty). */
  enumeration_type: 'NPI-1' | 'NPI-2' | null;
  basic: RegistryBasic;
  taxonomies: RegistryTaxonomy[];
  addresses: RegistryAddress[];
  endpoints: RegistryEndpoint[];
  deactivated: boolean;
  /** Generated sample data, not the real registry: the web tags it 'Sample registry data'. */
  sample: boolean;
  /** The product's user name when this NPI is already a profile in the product. */
  userName?: string;
};

/** A registry result as the provider search list shows it ('Last, First (NPI)'). */
export type ProviderListItem = {
  npi: string;
  providerLastName: string;
  providerFirstName: string;
  providerMiddleName: string;
  providerOrganizationName: string;
  credential: string;
  entityType: 1 | 2 | null;
  city: string;
  state: string;
  specialty: string;
  sample: boolean;
  /** The product's user name when this NPI is already a profile in the product. */
  userName?: string;
};

export function toProviderListItem(r: RegistryResult): ProviderListItem {
  const location = r.addresses[0];
  return {
    npi: r.number,
    providerLastName: r.basic.last_name,
    providerFirstName: r.basic.first_name,
    providerMiddleName: r.basic.middle_name,
    providerOrganizationName: r.basic.organization_name,
    credential: r.basic.credential,
    entityType: r.enumeration_type === 'NPI-1' ? 1 : r.enumeration_type === 'NPI-2' ? 2 : null,
    city: location?.city ?? '',
    state: location?.state ?? '',
    specialty: (r.taxonomies.find((t) => t.primary) ?? r.taxonomies[0])?.desc ?? '',
    sample: r.sample,
    ...(r.userName ? { userName: r.userName } : {}),
  };
}

/** Where the results came from: the local mirror (and whether it holds only the sample) or the live API. */
export type RegistrySource = { mode: 'mirror' | 'live'; sampleOnly: boolean };
