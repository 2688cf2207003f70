import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { NotFound, ValidationFailed } from '@app/errors';
import { PG_POOL } from '@app/nest-kit';
import {
  endpointResource,
  locationResource,
  organizationResource,
  practitionerResource,
  practitionerRoleResource,
  type EndpointRow,
  type FhirResource,
  type FhirType,
  type LocationRow,
  type OrganizationRow,
  type PractitionerRow,
  type RoleRow,
} from './fhir-resources';
import { encodeCursor, parseSearch, type Filter, type RoleInclude, type SearchRequest } from './fhir-search';
import { likeBody } from './fhir-text';

type Table = { table: string; published: string; uuid: boolean };
const TABLES: Record<FhirType, Table> = {
  Practitioner: { table: 'fhir_practitioners', published: 'provider', uuid: true },
  Organization: { table: 'fhir_organizations', published: 'NOT deleted', uuid: true },
  Location: { table: 'fhir_locations', published: 'published', uuid: true },
  PractitionerRole: { table: 'fhir_roles', published: 'published', uuid: true },
  Endpoint: { table: 'fhir_endpoints', published: 'true', uuid: false },
};

/** Where each string / reference parameter looks: a column, and how it matches. */
const COLUMNS: Record<string, { column: string; match: 'words' | 'prefix' }> = {
  name: { column: 'name_words', match: 'words' },
  family: { column: 'family_norm', match: 'prefix' },
  given: { column: 'given_words', match: 'words' },
  address: { column: 'address_words', match: 'words' },
  'address-city': { column: 'city_norm', match: 'prefix' },
};
const REFERENCES: Record<string, string> = { practitioner: 'practitioner_id', organization: 'organization_id', location: 'location_id' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Sql = { where: string[]; values: unknown[] };

function condition(f: Filter, t: Table, sql: Sql): string {
  const param = (v: unknown) => {
    sql.values.push(v);
    return `$${sql.values.length}`;
  };
  /** `col = $n` for one value (an index range read in id order), `col = ANY($n)` for several. */
  const oneOf = (column: string, values: string[], type: string) => (values.length === 1 ? `${column} = ${param(values[0])}::${type}` : `${column} = ANY(${param(values)}::${type}[])`);
  const ids = (values: string[]) => (t.uuid ? values.filter((v) => UUID.test(v)) : values);
  switch (f.kind) {
    case 'id': {
      const list = ids(f.values);
      return list.length ? `id = ANY(${param(list)}::${t.uuid ? 'uuid' : 'text'}[])` : 'false';
    }
    case 'lastUpdated':
      return `last_updated ${f.op === 'ge' ? '>=' : '<'} ${param(f.at)}::timestamptz`;
    case 'identifier':
      return f.values.length ? oneOf('npi', f.values, 'text') : 'false';
    case 'specialty':
      return f.values.length ? oneOf('specialty_code', f.values, 'text') : 'false';
    case 'state':
      return oneOf('state_norm', f.values, 'text');
    case 'postal':
      return `(${f.values.map((v) => `zip_norm LIKE ${param(`${v}%`)}`).join(' OR ')})`;
    case 'reference': {
      const list = f.values.filter((v) => UUID.test(v));
      return list.length ? oneOf(REFERENCES[f.name], list, 'uuid') : 'false';
    }
    case 'string': {
      const c = COLUMNS[f.name];
      const parts = f.values.map((v) => likeBody(v)).filter(Boolean);
      if (!parts.length) return 'false';
      return `(${parts.map((v) => `${c.column} LIKE ${param(c.match === 'words' ? `% ${v}%` : `${v}%`)}`).join(' OR ')})`;
    }
  }
}

export type BundleEntry = { fullUrl: string; resource: FhirResource; search: { mode: 'match' | 'include' } };
export type SearchBundle = {
  resourceType: 'Bundle';
  type: 'searchset';
  timestamp: string;
  total?: number;
  link: { relation: string; url: string }[];
  entry: BundleEntry[];
};

/** The FHIR directory's reads: searches (keyset paging by id), reads by id, _include. */
@Injectable()
export class FhirQueries {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async search(type: FhirType, params: readonly (readonly [string, string])[], base: string): Promise<SearchBundle> {
    const request = parseSearch(type, params);
    const t = TABLES[type];
    const sql: Sql = { where: [t.published], values: [] };
    for (const f of request.filters) sql.where.push(condition(f, t, sql));
    const filtered = { where: [...sql.where], values: [...sql.values] };
    if (request.after) {
      if (t.uuid && !UUID.test(request.after)) throw new ValidationFailed('_cursor', '_cursor: not a cursor of this search');
      sql.values.push(request.after);
      sql.where.push(`id > $${sql.values.length}`);
    }
    sql.values.push(request.count + 1);
    // The page's ids first (an index-only scan where the filters' columns are in an index), then their rows.
    const page = this.pool.query(
      `SELECT * FROM ${t.table} WHERE id IN (SELECT id FROM ${t.table} WHERE ${sql.where.join(' AND ')} ORDER BY id LIMIT $${sql.values.length}) ORDER BY id`,
      sql.values,
    );
    const count = request.total ? this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${t.table} WHERE ${filtered.where.join(' AND ')}`, filtered.values) : null;
    const rows = (await page).rows as Record<string, unknown>[];
    const more = rows.length > request.count;
    if (more) rows.pop();
    const resources = await this.render(type, rows);
    const included = type === 'PractitionerRole' && request.include.length ? await this.includes(rows as RoleRow[], request.include) : [];
    const selfQuery = new URLSearchParams(params.filter(([n]) => n !== '_cursor') as [string, string][]);
    const link = [{ relation: 'self', url: `${base}/${type}${params.length ? `?${new URLSearchParams(params as [string, string][])}` : ''}` }];
    if (more) {
      selfQuery.set('_cursor', encodeCursor(type, String(rows[rows.length - 1].id)));
      link.push({ relation: 'next', url: `${base}/${type}?${selfQuery}` });
    }
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      timestamp: new Date().toISOString(),
      ...(count ? { total: Number((await count).rows[0].n) } : {}),
      link,
      entry: [
        ...resources.map((resource) => ({ fullUrl: `${base}/${type}/${resource.id}`, resource, search: { mode: 'match' as const } })),
        ...included.map((resource) => ({ fullUrl: `${base}/${resource.resourceType}/${resource.id}`, resource, search: { mode: 'include' as const } })),
      ],
    };
  }

  async read(type: FhirType, id: string): Promise<FhirResource> {
    const [found] = await this.byIds(type, [id]);
    if (!found) throw new NotFound(`${type}/${id} is not in the directory`);
    return found;
  }

  /** Published resources of a type by id, in the order found. */
  async byIds(type: FhirType, ids: string[]): Promise<FhirResource[]> {
    const t = TABLES[type];
    const list = t.uuid ? ids.filter((v) => UUID.test(v)) : ids;
    if (!list.length) return [];
    const { rows } = await this.pool.query(`SELECT * FROM ${t.table} WHERE ${t.published} AND id = ANY($1::${t.uuid ? 'uuid' : 'text'}[]) ORDER BY id`, [[...new Set(list)]]);
    return this.render(type, rows);
  }

  private async includes(roles: RoleRow[], include: RoleInclude[]): Promise<FhirResource[]> {
    const out: FhirResource[] = [];
    const pick = (f: (r: RoleRow) => string | null) => roles.map(f).filter((v): v is string => !!v);
    if (include.includes('PractitionerRole:practitioner')) out.push(...(await this.byIds('Practitioner', pick((r) => r.practitioner_id))));
    if (include.includes('PractitionerRole:organization')) out.push(...(await this.byIds('Organization', pick((r) => r.organization_id))));
    if (include.includes('PractitionerRole:location')) out.push(...(await this.byIds('Location', pick((r) => r.location_id))));
    if (include.includes('PractitionerRole:endpoint')) {
      const ids = [...(await this.endpointIds(pick((r) => r.practitioner_id))).values()].flat();
      out.push(...(await this.byIds('Endpoint', ids)));
    }
    return out;
  }

  /** The Endpoint ids of holders (profiles or practices), in file order. */
  private async endpointIds(holders: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (!holders.length) return out;
    const { rows } = await this.pool.query<{ holder_id: string; id: string }>(
      'SELECT holder_id, id FROM fhir_endpoints WHERE holder_id = ANY($1::uuid[]) ORDER BY holder_id, ordinal',
      [[...new Set(holders)]],
    );
    for (const r of rows) out.set(r.holder_id, [...(out.get(r.holder_id) ?? []), r.id]);
    return out;
  }

  private async render(type: FhirType, rows: Record<string, unknown>[]): Promise<FhirResource[]> {
    switch (type) {
      case 'Practitioner':
        return rows.map((r) => practitionerResource(r as unknown as PractitionerRow));
      case 'Organization': {
        const endpoints = await this.endpointIds(rows.map((r) => r.id as string));
        return rows.map((r) => organizationResource(r as unknown as OrganizationRow, endpoints.get(r.id as string) ?? []));
      }
      case 'Location':
        return rows.map((r) => locationResource(r as unknown as LocationRow));
      case 'PractitionerRole': {
        const endpoints = await this.endpointIds(rows.map((r) => r.practitioner_id as string));
        return rows.map((r) => practitionerRoleResource(r as unknown as RoleRow, endpoints.get(r.practitioner_id as string) ?? []));
      }
      case 'Endpoint':
        return rows.map((r) => endpointResource(r as unknown as EndpointRow));
    }
  }
}

export type { SearchRequest };
