/**
 * FHIR search parameters (pure): what each resource type supports, and a request's parameters
 * read into filters. Anything not supported, and any malformed value, is a ValidationFailed
 * naming the parameter (the gateway answers it as an OperationOutcome with 400).
 */
import { ValidationFailed } from '@app/errors';
import { NPI_SYSTEM, type FhirType } from './fhir-resources';
import { NUCC_SYSTEM } from './specialty';

export type ParamKind = 'id' | 'lastUpdated' | 'identifier' | 'string' | 'state' | 'postal' | 'specialty' | 'reference';
export type ParamDef = { kind: ParamKind; type: 'token' | 'date' | 'string' | 'reference'; description: string; target?: FhirType; definition: string };

const BASE = 'http://hl7.org/fhir/SearchParameter';
const PLAN_NET_SP = 'http://hl7.org/fhir/us/davinci-pdex-plan-net/SearchParameter';
/** Our own search parameters (address of a PractitionerRole's location): defined in docs/fhir.md. */
const OWN_SP = 'urn:credentialing-suite:fhir:SearchParameter';

const common: Record<string, ParamDef> = {
  _id: { kind: 'id', type: 'token', description: 'Logical id (comma: any of)', definition: `${BASE}/Resource-id` },
  _lastUpdated: { kind: 'lastUpdated', type: 'date', description: 'meta.lastUpdated, with prefixes gt, lt, ge, le (or none: within the date given)', definition: `${BASE}/Resource-lastUpdated` },
};
const address = (type: string, own = false): Record<string, ParamDef> => ({
  address: { kind: 'string', type: 'string', description: 'Any word of the address starts with the value', definition: own ? `${OWN_SP}/${type}-address` : `${BASE}/individual-address` },
  'address-city': { kind: 'string', type: 'string', description: 'The city starts with the value', definition: own ? `${OWN_SP}/${type}-address-city` : `${BASE}/individual-address-city` },
  'address-state': { kind: 'state', type: 'string', description: 'The state (two letters)', definition: own ? `${OWN_SP}/${type}-address-state` : `${BASE}/individual-address-state` },
  'address-postalcode': { kind: 'postal', type: 'string', description: 'The ZIP code starts with the value', definition: own ? `${OWN_SP}/${type}-address-postalcode` : `${BASE}/individual-address-postalcode` },
});
const identifier: ParamDef = { kind: 'identifier', type: 'token', description: `NPI (${NPI_SYSTEM}|<npi> or the NPI alone)`, definition: `${BASE}/Practitioner-identifier` };
const nameOf = (type: string): ParamDef => ({ kind: 'string', type: 'string', description: 'Any word of the name starts with the value', definition: `${BASE}/${type}-name` });
const reference = (target: FhirType, definition: string): ParamDef => ({ kind: 'reference', type: 'reference', target, description: `${target}/<id> (or the id)`, definition });

export const SEARCH_PARAMS: Record<FhirType, Record<string, ParamDef>> = {
  Practitioner: {
    ...common,
    identifier,
    name: nameOf('Practitioner'),
    family: { kind: 'string', type: 'string', description: 'The family name starts with the value', definition: `${BASE}/individual-family` },
    given: { kind: 'string', type: 'string', description: 'A given name starts with the value', definition: `${BASE}/individual-given` },
    ...address('Practitioner'),
  },
  Organization: { ...common, identifier: { ...identifier, definition: `${BASE}/Organization-identifier` }, name: nameOf('Organization'), ...address('Organization') },
  Location: {
    ...common,
    identifier: { ...identifier, definition: `${BASE}/Location-identifier` },
    name: nameOf('Location'),
    organization: reference('Organization', `${BASE}/Location-organization`),
    ...address('Location'),
  },
  PractitionerRole: {
    ...common,
    specialty: { kind: 'specialty', type: 'token', description: `NUCC taxonomy code (${NUCC_SYSTEM}|<code> or the code)`, definition: `${BASE}/PractitionerRole-specialty` },
    practitioner: reference('Practitioner', `${BASE}/PractitionerRole-practitioner`),
    organization: reference('Organization', `${BASE}/PractitionerRole-organization`),
    location: reference('Location', `${BASE}/PractitionerRole-location`),
    ...address('PractitionerRole', true),
  },
  Endpoint: { ...common, name: { ...nameOf('Endpoint'), definition: `${PLAN_NET_SP}/endpoint-name` }, organization: reference('Organization', `${BASE}/Endpoint-organization`) },
};

/** `_include` values of a PractitionerRole search: the resources it references. */
export const ROLE_INCLUDES = ['PractitionerRole:practitioner', 'PractitionerRole:organization', 'PractitionerRole:location', 'PractitionerRole:endpoint'] as const;
export type RoleInclude = (typeof ROLE_INCLUDES)[number];

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;

/** One parameter's condition: any of `values` (a comma means OR); several parameters all hold (AND). */
export type Filter =
  | { name: string; kind: 'id'; values: string[] }
  | { name: string; kind: 'lastUpdated'; op: 'ge' | 'lt'; at: string }
  | { name: string; kind: 'identifier'; values: string[] }
  | { name: string; kind: 'string' | 'state' | 'postal'; values: string[] }
  | { name: string; kind: 'specialty'; values: string[] }
  | { name: string; kind: 'reference'; values: string[] };

export type SearchRequest = {
  type: FhirType;
  filters: Filter[];
  count: number;
  total: boolean;
  include: RoleInclude[];
  /** The last id of the previous page (keyset paging by id). */
  after: string | null;
};

const ID = /^[A-Za-z0-9\-.]{1,64}$/;
const bad = (field: string, message: string) => new ValidationFailed(field, message);

/** The value list of a parameter: comma-separated, each non-empty (a '\,' is a literal comma). */
function values(name: string, raw: string): string[] {
  const list = raw.split(/(?<!\\),/).map((v) => v.replace(/\\,/g, ',').trim());
  if (!list.length || list.some((v) => v === '')) throw bad(name, `${name}: empty value`);
  if (list.length > 20) throw bad(name, `${name}: at most 20 values`);
  for (const v of list) if (v.length > 200) throw bad(name, `${name}: a value is longer than 200 characters`);
  return list;
}

/** A FHIR date/dateTime/instant and the instant range its precision covers. */
export function dateRange(value: string): { start: Date; end: Date } | null {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, tz] = m;
  if (h !== undefined && tz === undefined) return null; // a time needs its zone
  const month = mo ? Number(mo) : 1;
  const day = d ? Number(d) : 1;
  if (month < 1 || month > 12 || day < 1 || day > 31 || (h && Number(h) > 23) || (mi && Number(mi) > 59) || (s && Number(s) > 59)) return null;
  const offset = !tz || tz === 'Z' ? '+00:00' : tz;
  const text = `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${h ?? '00'}:${mi ?? '00'}:${s ?? '00'}${frac ?? ''}${offset}`;
  const start = new Date(text);
  if (Number.isNaN(start.getTime())) return null;
  if (offset === '+00:00' && start.toISOString().slice(0, 10) !== text.slice(0, 10)) return null; // 2026-02-31
  const end = new Date(start);
  if (s !== undefined) end.setTime(start.getTime() + (frac ? 1 : 1000));
  else if (mi !== undefined) end.setTime(start.getTime() + 60_000);
  else if (d !== undefined) end.setUTCDate(end.getUTCDate() + 1);
  else if (mo !== undefined) end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return { start, end };
}

function lastUpdated(name: string, raw: string): Filter[] {
  const m = /^(gt|lt|ge|le|eq|sa|eb)?(.*)$/.exec(raw) as RegExpExecArray;
  const prefix = m[1] ?? 'eq';
  if (prefix === 'sa' || prefix === 'eb') throw bad(name, `${name}: the prefix ${prefix} is not supported (gt, lt, ge, le, eq)`);
  const range = dateRange(m[2]);
  if (!range) throw bad(name, `${name}: '${raw}' is not a FHIR date or dateTime (e.g. gt2026-11-01 or lt2026-11-25T10:00:00Z)`);
  const { start, end } = range;
  const at = (d: Date) => d.toISOString();
  switch (prefix) {
    case 'gt':
      return [{ name, kind: 'lastUpdated', op: 'ge', at: at(end) }];
    case 'ge':
      return [{ name, kind: 'lastUpdated', op: 'ge', at: at(start) }];
    case 'lt':
      return [{ name, kind: 'lastUpdated', op: 'lt', at: at(start) }];
    case 'le':
      return [{ name, kind: 'lastUpdated', op: 'lt', at: at(end) }];
    default:
      return [
        { name, kind: 'lastUpdated', op: 'ge', at: at(start) },
        { name, kind: 'lastUpdated', op: 'lt', at: at(end) },
      ];
  }
}

/** A token `system|code` or `code`: the code when the system is `system` (or absent), null when another system. */
function token(name: string, raw: string, system: string): string | null {
  const bar = raw.indexOf('|');
  if (bar < 0) return raw;
  const sys = raw.slice(0, bar);
  const code = raw.slice(bar + 1);
  if (!code) throw bad(name, `${name}: '${raw}' has no code after '|'`);
  return sys === '' || sys === system ? code : null;
}

/** A reference `Type/id`, an absolute URL ending in it, or a bare id. */
function referenceId(name: string, raw: string, target: FhirType): string {
  const parts = raw.split('/');
  const id = parts.pop() as string;
  const type = parts.pop();
  if (!ID.test(id) || (type !== undefined && type !== target) || (parts.length > 0 && !/^https?:$/.test(parts[0])))
    throw bad(name, `${name}: '${raw}' is not a reference to a ${target} (${target}/<id>)`);
  return id;
}

/** The cursor of the next page: the last id of this one, opaque to the client. */
export function encodeCursor(type: FhirType, lastId: string): string {
  return Buffer.from(JSON.stringify({ t: type, a: lastId })).toString('base64url');
}

function decodeCursor(type: FhirType, raw: string): string {
  try {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw)) throw new Error();
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { t?: unknown; a?: unknown };
    if (c.t !== type || typeof c.a !== 'string' || !ID.test(c.a)) throw new Error();
    return c.a;
  } catch {
    throw bad('_cursor', '_cursor: not a cursor of this search (follow the next link as given)');
  }
}

/** Reads a search's parameters (name, value pairs as sent, repeats allowed). */
export function parseSearch(type: FhirType, params: readonly (readonly [string, string])[]): SearchRequest {
  const defs = SEARCH_PARAMS[type];
  const out: SearchRequest = { type, filters: [], count: DEFAULT_COUNT, total: false, include: [], after: null };
  const seen = new Set<string>();
  const once = (name: string) => {
    if (seen.has(name)) throw bad(name, `${name}: given more than once`);
    seen.add(name);
  };
  for (const [name, raw] of params) {
    const value = raw.trim();
    switch (name) {
      case '_count': {
        once(name);
        if (!/^\d{1,6}$/.test(value) || Number(value) < 1) throw bad(name, `_count: a whole number from 1 (at most ${MAX_COUNT} are returned)`);
        out.count = Math.min(Number(value), MAX_COUNT);
        continue;
      }
      case '_total':
        once(name);
        if (!['none', 'estimate', 'accurate'].includes(value)) throw bad(name, '_total: none, estimate or accurate');
        out.total = value === 'accurate';
        continue;
      case '_include': {
        if (type !== 'PractitionerRole') throw bad(name, `_include: not supported on ${type} (only on PractitionerRole)`);
        const all = value === '*' || value === 'PractitionerRole:*';
        if (!all && !(ROLE_INCLUDES as readonly string[]).includes(value)) throw bad(name, `_include: '${value}' is not supported (${ROLE_INCLUDES.join(', ')}, or *)`);
        for (const inc of all ? ROLE_INCLUDES : [value as RoleInclude]) if (!out.include.includes(inc)) out.include.push(inc);
        continue;
      }
      case '_cursor':
        once(name);
        out.after = decodeCursor(type, value);
        continue;
      case '_format':
        if (!['json', 'application/json', 'application/fhir+json'].includes(value)) throw bad(name, '_format: only json (application/fhir+json) is supported');
        continue;
    }
    const def = Object.hasOwn(defs, name) ? defs[name] : undefined;
    if (!def) {
      const base = name.split(':')[0];
      if (Object.hasOwn(defs, base)) throw bad(name, `${name}: search modifiers are not supported`);
      throw bad(name, `${name}: not a supported search parameter of ${type} (see /fhir/metadata)`);
    }
    switch (def.kind) {
      case 'id': {
        const list = values(name, value);
        for (const v of list) if (!ID.test(v)) throw bad(name, `${name}: '${v}' is not a FHIR id`);
        out.filters.push({ name, kind: 'id', values: list });
        break;
      }
      case 'lastUpdated':
        out.filters.push(...lastUpdated(name, value));
        break;
      case 'identifier': {
        const codes = values(name, value).map((v) => token(name, v, NPI_SYSTEM));
        out.filters.push({ name, kind: 'identifier', values: codes.filter((c): c is string => c !== null) });
        break;
      }
      case 'specialty': {
        const codes = values(name, value).map((v) => token(name, v, NUCC_SYSTEM));
        for (const c of codes) if (c !== null && !/^\d{3}[0-9A-Za-z]{6}X$/i.test(c)) throw bad(name, `${name}: '${c}' is not a NUCC taxonomy code (10 characters, e.g. 207Q00000X)`);
        out.filters.push({ name, kind: 'specialty', values: codes.filter((c): c is string => c !== null).map((c) => c.toUpperCase()) });
        break;
      }
      case 'reference':
        out.filters.push({ name, kind: 'reference', values: values(name, value).map((v) => referenceId(name, v, def.target as FhirType)) });
        break;
      case 'state': {
        const list = values(name, value);
        for (const v of list) if (!/^[A-Za-z]{2}$/.test(v)) throw bad(name, `${name}: '${v}' is not a two-letter state code`);
        out.filters.push({ name, kind: 'state', values: list.map((v) => v.toUpperCase()) });
        break;
      }
      case 'postal': {
        const list = values(name, value);
        for (const v of list) if (!/^\d{1,5}(-?\d{0,4})?$/.test(v)) throw bad(name, `${name}: '${v}' is not a ZIP code (or its start)`);
        out.filters.push({ name, kind: 'postal', values: list.map((v) => v.replace(/\D/g, '')) });
        break;
      }
      case 'string': {
        const list = values(name, value);
        for (const v of list) if (!/[\p{L}\p{N}]/u.test(v)) throw bad(name, `${name}: '${v}' has no letter or digit to search for`);
        out.filters.push({ name, kind: 'string', values: list });
        break;
      }
    }
  }
  return out;
}
