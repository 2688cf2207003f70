import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { GridQuery, directory } from '@app/contracts';
import { buildGridQuery, runGridQuery } from '@app/grid';
import { PG_POOL } from '@app/nest-kit';
import type { FacilityState } from '../domain/facility.aggregate';
import { FACILITIES_GRID } from './facilities.schema';

export type FacilityRow = {
  id: string;
  owner_id: string;
  npi: string;
  entity_type_code: '1' | '2';
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  organization_name: string | null;
  street: string;
  suite: string | null;
  city: string;
  state: string;
  zip: string;
  email: string | null;
  mobile: string | null;
  phone: string | null;
  fax: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const COLUMNS =
  'id, owner_id, npi, entity_type_code, first_name, middle_name, last_name, organization_name, street, suite, city, state, zip, email, mobile, phone, fax, created_at, updated_at';
/** The columns every read of the read model selects. */
export const SELECT = COLUMNS.split(', ');

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

export function toFacilityView(r: FacilityRow, adminEmail: string | null): directory.FacilityView {
  return {
    _id: r.id,
    npi: r.npi,
    entityTypeCode: r.entity_type_code,
    contactPersonFirstName: r.first_name,
    contactPersonMiddleName: r.middle_name,
    contactPersonLastName: r.last_name,
    organizationName: r.organization_name,
    mailingAddress: { street: r.street, suite: r.suite, city: r.city, state: r.state, zip: r.zip },
    mobile: r.mobile,
    phone: r.phone,
    fax: r.fax,
    email: r.email,
    adminEmail,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** The view of a facility from its aggregate (when the read model has not caught up yet). */
export function facilityViewFromState(s: Extract<FacilityState, { status: 'active' | 'deleted' }>, adminEmail: string | null): directory.FacilityView {
  const d = s.details;
  return {
    _id: s.facilityId,
    npi: d.npi,
    entityTypeCode: d.entityTypeCode,
    contactPersonFirstName: d.contactPersonFirstName,
    contactPersonMiddleName: d.contactPersonMiddleName,
    contactPersonLastName: d.contactPersonLastName,
    organizationName: d.organizationName,
    mailingAddress: { ...d.mailingAddress },
    mobile: d.mobile,
    phone: d.phone,
    fax: d.fax,
    email: d.email,
    adminEmail,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** Reads of the facilities read model, always scoped to one owner (plain SQL on the service's pool). */
@Injectable()
export class FacilitiesQueries {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async byId(ownerId: string, id: string): Promise<FacilityRow | undefined> {
    return (await this.pool.query<FacilityRow>(`SELECT ${COLUMNS} FROM facilities WHERE id = $1 AND owner_id = $2`, [id, ownerId])).rows[0];
  }

  /** The grid: one rows query and one count query from the whitelist (400 naming a bad field), the owner's rows only. */
  async grid(ownerId: string, query: GridQuery): Promise<{ rows: FacilityRow[]; count: number }> {
    return runGridQuery<FacilityRow>(this.pool, buildGridQuery(FACILITIES_GRID, query, { select: SELECT, scope: { owner_id: ownerId } }));
  }

  async count(ownerId: string, query: GridQuery): Promise<number> {
    const sql = buildGridQuery(FACILITIES_GRID, { ...query, skip: 0, limit: 1 }, { select: ['id'], scope: { owner_id: ownerId } });
    const { rows } = await this.pool.query<{ count: string | number }>(sql.count.text, sql.count.values);
    return Number(rows[0]?.count ?? 0);
  }
}
