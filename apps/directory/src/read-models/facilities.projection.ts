import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import type { FacilityChanges, FacilityEvent } from '../domain/facility.events';
import { FACILITIES_TABLE, phoneDisplay, zipDigits } from './facilities.schema';

/** `"<schema>"."facilities"`: the EntityManager's schema (a rebuild hands one bound to its shadow schema). */
function table(em: EntityManager): string {
  const schema = em.schema ?? (em.config.get('schema') as string | undefined) ?? 'public';
  return `"${schema.replace(/"/g, '""')}"."${FACILITIES_TABLE}"`;
}

/** Columns of a details change (the mailing address is always whole). */
function detailColumns(c: FacilityChanges): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const map: [keyof FacilityChanges, string][] = [
    ['npi', 'npi'],
    ['entityTypeCode', 'entity_type_code'],
    ['contactPersonFirstName', 'first_name'],
    ['contactPersonMiddleName', 'middle_name'],
    ['contactPersonLastName', 'last_name'],
    ['organizationName', 'organization_name'],
    ['email', 'email'],
  ];
  for (const [key, column] of map) if (c[key] !== undefined) out[column] = c[key];
  for (const key of ['mobile', 'phone', 'fax'] as const) {
    if (c[key] !== undefined) Object.assign(out, { [key]: c[key], [`${key}_display`]: phoneDisplay(c[key]) });
  }
  const a = c.mailingAddress;
  if (a) Object.assign(out, { street: a.street, suite: a.suite, city: a.city, state: a.state, zip: a.zip, zip_digits: zipDigits(a.zip) });
  return out;
}

/** The grid's name: 'Last, First Middle' for a person, else the organization's name. */
const NAME_SQL = `CASE WHEN entity_type_code = '2' AND organization_name IS NOT NULL THEN organization_name
  WHEN last_name IS NOT NULL AND nullif(concat_ws(' ', first_name, middle_name), '') IS NOT NULL
  THEN last_name || ', ' || concat_ws(' ', first_name, middle_name)
  ELSE coalesce(last_name, nullif(concat_ws(' ', first_name, middle_name), ''), organization_name) END`;

/** The facilities read model (`facilities`): one row per active facility, for the grid and the reads. */
@Injectable()
export class FacilitiesProjection implements Projection {
  readonly name = 'facilities';
  readonly eventTypes = ['FacilityCreated', 'FacilityUpdated', 'FacilityDeleted'];
  readonly tables = [FACILITIES_TABLE];

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const e = { type: event.type, data: event.data } as FacilityEvent;
    const t = table(em);
    const conn = em.getConnection();
    switch (e.type) {
      case 'FacilityCreated': {
        const d = e.data;
        const cols: Record<string, unknown> = {
          id: d.facilityId,
          owner_id: d.ownerId,
          ...detailColumns(d.details),
          created_at: d.createdAt,
          updated_at: d.createdAt,
        };
        const names = Object.keys(cols);
        await conn.execute(
          `INSERT INTO ${t} (${names.map((c) => `"${c}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})
           ON CONFLICT (id) DO UPDATE SET ${names.filter((c) => c !== 'id').map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ')}`,
          Object.values(cols),
        );
        await conn.execute(`UPDATE ${t} SET name = ${NAME_SQL} WHERE id = ?`, [d.facilityId]);
        return;
      }
      case 'FacilityUpdated': {
        const entries = Object.entries({ ...detailColumns(e.data.changes), updated_at: e.data.updatedAt });
        await conn.execute(`UPDATE ${t} SET ${entries.map(([c]) => `"${c}" = ?`).join(', ')} WHERE id = ?`, [...entries.map(([, v]) => v), e.data.facilityId]);
        await conn.execute(`UPDATE ${t} SET name = ${NAME_SQL} WHERE id = ?`, [e.data.facilityId]);
        return;
      }
      case 'FacilityDeleted':
        await conn.execute(`DELETE FROM ${t} WHERE id = ?`, [e.data.facilityId]);
        return;
      default:
        return;
    }
  }
}
