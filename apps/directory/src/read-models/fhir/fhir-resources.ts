/**
 * The read model's rows as FHIR R4 resources in the shape of Da Vinci PDex Plan-Net (pure).
 * What is published is professional data only: names, NPI, credentials, NPPES licences,
 * specialties, practice addresses, office phone and fax, websites and the NPPES endpoints.
 * Never an account's sign-in email or mobile (the rows do not even hold them).
 */
import { NUCC_SYSTEM, specialtyDisplay } from './specialty';

export const PLAN_NET = 'http://hl7.org/fhir/us/davinci-pdex-plan-net/StructureDefinition';
export const PROFILES = {
  Practitioner: `${PLAN_NET}/plannet-Practitioner`,
  Organization: `${PLAN_NET}/plannet-Organization`,
  Location: `${PLAN_NET}/plannet-Location`,
  PractitionerRole: `${PLAN_NET}/plannet-PractitionerRole`,
  Endpoint: `${PLAN_NET}/plannet-Endpoint`,
} as const;
export type FhirType = keyof typeof PROFILES;
export const FHIR_TYPES = Object.keys(PROFILES) as FhirType[];

export const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';

export type FhirResource = { resourceType: string; id: string; meta: { profile: string[]; lastUpdated: string } } & Record<string, unknown>;

type Address = { street1?: string | null; street2?: string | null; suite?: string | null; city: string | null; state: string | null; zip: string | null };

export type PractitionerRow = Address & {
  id: string;
  npi: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  display_name: string | null;
  credentials: string | null;
  licences: { code: string; desc: string; state: string | null; license: string | null }[];
  last_updated: Date | string;
};
export type OrganizationRow = Address & {
  id: string;
  npi: string | null;
  name: string;
  alias: string | null;
  phone: string | null;
  fax: string | null;
  website: string | null;
  last_updated: Date | string;
};
export type LocationRow = Address & {
  id: string;
  npi: string | null;
  name: string;
  organization_id: string | null;
  phone: string | null;
  fax: string | null;
  last_updated: Date | string;
};
export type RoleRow = {
  id: string;
  practitioner_id: string;
  organization_id: string | null;
  location_id: string | null;
  specialty: string | null;
  specialty_code: string | null;
  phone: string | null;
  fax: string | null;
  last_updated: Date | string;
};
export type EndpointRow = {
  id: string;
  organization_id: string | null;
  npi: string;
  data: NppesEndpoint;
  last_updated: Date | string;
};
/** An entry of the NPPES endpoint file as the registry mirror keeps it (registry_endpoints.list). */
export type NppesEndpoint = {
  endpointType?: string;
  endpointTypeDescription?: string;
  endpoint?: string;
  endpointDescription?: string;
  affiliationName?: string;
  useDescription?: string;
  contentType?: string;
  contentTypeDescription?: string;
};

const iso = (d: Date | string) => new Date(d).toISOString();
const meta = (type: FhirType, d: Date | string) => ({ profile: [PROFILES[type]], lastUpdated: iso(d) });
const present = <T>(values: (T | null | undefined | '')[]): T[] => values.filter((v): v is T => v !== null && v !== undefined && v !== '');
const ref = (type: FhirType, id: string) => ({ reference: `${type}/${id}` });

/** An E.164 US number as the directory shows it ('(202) 555-0100'); anything else as it is. */
export function phoneText(phone: string): string {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : phone;
}

function telecom(phone: string | null, fax: string | null, website?: string | null) {
  const out = present([
    phone ? { system: 'phone', value: phoneText(phone), use: 'work' } : null,
    fax ? { system: 'fax', value: phoneText(fax), use: 'work' } : null,
    website ? { system: 'url', value: website, use: 'work' } : null,
  ]);
  return out.length ? { telecom: out } : {};
}

/** Address: a list (Practitioner, Organization), or one (Location). */
function address(a: Address, single = false) {
  const line = present([a.street1, a.street2, a.suite].map((v) => v?.trim()));
  if (!line.length && !a.city && !a.state && !a.zip) return {};
  const postal = a.zip && /^\d{9}$/.test(a.zip) ? `${a.zip.slice(0, 5)}-${a.zip.slice(5)}` : a.zip;
  const one = {
    use: 'work',
    type: 'both',
    ...(line.length ? { line } : {}),
    ...(a.city ? { city: a.city } : {}),
    ...(a.state ? { state: a.state } : {}),
    ...(postal ? { postalCode: postal } : {}),
    country: 'US',
  };
  return { address: single ? one : [one] };
}

function npiIdentifier(npi: string) {
  return { use: 'official', type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'NPI', display: 'National provider identifier' }] }, system: NPI_SYSTEM, value: npi };
}

/** The directory's own id of a resource, as an identifier (every resource has at least one). */
const localIdentifier = (id: string) => ({ use: 'secondary', system: 'urn:ietf:rfc:3986', value: `urn:uuid:${id}` });

export function specialtyConcept(code: string | null, text: string | null) {
  if (code) return { coding: [{ system: NUCC_SYSTEM, code, display: specialtyDisplay(code) }], text: text ?? specialtyDisplay(code) };
  return text ? { text } : null;
}

export function practitionerResource(r: PractitionerRow): FhirResource {
  const given = present([r.first_name, r.middle_name]);
  const family = r.last_name ?? r.display_name?.trim().split(/\s+/).at(-1) ?? 'Unknown';
  const qualification = present([
    r.credentials ? { code: { text: r.credentials } } : null,
    ...r.licences
      .filter((l) => l.license)
      .map((l) => ({
        identifier: [{ value: l.license as string }],
        code: { coding: [{ system: NUCC_SYSTEM, code: l.code, display: l.desc }], text: l.desc },
        ...(l.state ? { issuer: { display: `State of ${l.state}` } } : {}),
      })),
  ]);
  return {
    resourceType: 'Practitioner',
    id: r.id,
    meta: meta('Practitioner', r.last_updated),
    identifier: [...(r.npi ? [npiIdentifier(r.npi)] : []), localIdentifier(r.id)],
    active: true,
    name: [{ use: 'official', ...(r.display_name ? { text: r.display_name } : {}), family, ...(given.length ? { given } : {}) }],
    ...address(r),
    ...(qualification.length ? { qualification } : {}),
  };
}

export function organizationResource(r: OrganizationRow, endpointIds: string[]): FhirResource {
  return {
    resourceType: 'Organization',
    id: r.id,
    meta: meta('Organization', r.last_updated),
    identifier: [...(r.npi ? [npiIdentifier(r.npi)] : []), localIdentifier(r.id)],
    active: true,
    type: [{ coding: [{ system: 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/OrgTypeCS', code: 'prvgrp', display: 'Provider Group' }] }],
    name: r.name,
    ...(r.alias && r.alias !== r.name ? { alias: [r.alias] } : {}),
    ...telecom(r.phone, r.fax, r.website),
    ...address(r),
    ...(endpointIds.length ? { endpoint: endpointIds.map((id) => ref('Endpoint', id)) } : {}),
  };
}

export function locationResource(r: LocationRow): FhirResource {
  return {
    resourceType: 'Location',
    id: r.id,
    meta: meta('Location', r.last_updated),
    identifier: [...(r.npi ? [npiIdentifier(r.npi)] : []), localIdentifier(r.id)],
    status: 'active',
    name: r.name,
    ...telecom(r.phone, r.fax),
    ...address(r, true),
    ...(r.organization_id ? { managingOrganization: ref('Organization', r.organization_id) } : {}),
  };
}

export function practitionerRoleResource(r: RoleRow, endpointIds: string[]): FhirResource {
  const specialty = specialtyConcept(r.specialty_code, r.specialty);
  return {
    resourceType: 'PractitionerRole',
    id: r.id,
    meta: meta('PractitionerRole', r.last_updated),
    active: true,
    practitioner: ref('Practitioner', r.practitioner_id),
    ...(r.organization_id ? { organization: ref('Organization', r.organization_id) } : {}),
    ...(specialty ? { specialty: [specialty] } : {}),
    ...(r.location_id ? { location: [ref('Location', r.location_id)] } : {}),
    ...telecom(r.phone, r.fax),
    ...(endpointIds.length ? { endpoint: endpointIds.map((id) => ref('Endpoint', id)) } : {}),
  };
}

const CONNECTION_TYPES: Record<string, { system: string; code: string; display: string }> = {
  DIRECT: { system: 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type', code: 'direct-project', display: 'Direct Project' },
  FHIR: { system: 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type', code: 'hl7-fhir-rest', display: 'HL7 FHIR' },
  CONNECT: { system: 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type', code: 'ihe-xcpd', display: 'IHE XCPD' },
};
const REST_NOT_FHIR = { system: 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/EndpointConnectionTypeCS', code: 'rest-non-fhir', display: 'REST (not FHIR)' };

/** A Direct address is an email address: as a URL it is mailto:. */
function endpointAddress(type: string, value: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  return type === 'DIRECT' || value.includes('@') ? `mailto:${value}` : `https://${value}`;
}

export function endpointResource(r: EndpointRow): FhirResource {
  const d = r.data;
  const type = (d.endpointType ?? '').toUpperCase();
  const name = d.endpointDescription || d.endpointTypeDescription || d.affiliationName || `${type || 'Endpoint'} of NPI ${r.npi}`;
  return {
    resourceType: 'Endpoint',
    id: r.id,
    meta: meta('Endpoint', r.last_updated),
    status: 'active',
    connectionType: CONNECTION_TYPES[type] ?? REST_NOT_FHIR,
    name,
    ...(r.organization_id ? { managingOrganization: ref('Organization', r.organization_id) } : {}),
    payloadType: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/endpoint-payload-type', code: 'any', display: 'Any' }], ...(d.contentTypeDescription ? { text: d.contentTypeDescription } : {}) }],
    address: endpointAddress(type, d.endpoint ?? ''),
  };
}

/** An OperationOutcome of one issue. */
export function operationOutcome(code: string, diagnostics: string, severity: 'error' | 'information' = 'error', expression?: string) {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code, diagnostics, ...(expression ? { expression: [expression] } : {}) }] };
}
