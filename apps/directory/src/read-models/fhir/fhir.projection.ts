import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import type { FacilityChanges, FacilityEvent } from '../../domain/facility.events';
import type { MailingAddress, ProfileChanges, ProfileDetails, ProfileEvent } from '../../domain/profile.events';
import {
  PRACTITIONER_SOURCE_COLUMNS,
  anyOf,
  facilityLocationRow,
  ownLocationRow,
  ownRoleRow,
  practitionerRow,
  q,
  refreshEndpoints,
  registryLicences,
  upsertRows,
  type Exec,
  type FacilitySource,
  type PractitionerSource,
} from './fhir-rows';
import { specialtyCode } from './specialty';


const ADDRESS_KEYS: [keyof MailingAddress, keyof PractitionerSource][] = [
  ['streetAddress1', 'street1'],
  ['streetAddress2', 'street2'],
  ['suite', 'suite'],
  ['city', 'city'],
  ['state', 'state'],
  ['zip', 'zip'],
];
const DETAIL_KEYS: [keyof ProfileDetails, keyof PractitionerSource][] = [
  ['npi', 'npi'],
  ['firstName', 'first_name'],
  ['middleName', 'middle_name'],
  ['lastName', 'last_name'],
  ['displayName', 'display_name'],
  ['credentials', 'credentials'],
  ['specialty', 'specialty'],
  ['organization', 'organization'],
  ['phone', 'phone'],
  ['fax', 'fax'],
  ['website', 'website'],
];

function applyDetails(s: PractitionerSource, c: ProfileChanges): void {
  const target = s as unknown as Record<string, unknown>;
  for (const [from, to] of DETAIL_KEYS) if (c[from] !== undefined) target[to] = c[from] ?? null;
  if (c.mailingAddress) for (const [from, to] of ADDRESS_KEYS) target[to] = c.mailingAddress[from] ?? null;
}

/** What a client sees of a practitioner: a change of anything else (images, email, user name) changes nothing here. */
const visible = (s: PractitionerSource) => JSON.stringify({ ...s, last_updated: null, licences: null });

/** A facility's fields the directory publishes: its contact email and mobile are left out. */
function published(d: FacilityChanges): Partial<FacilitySource> {
  const keys = ['npi', 'entityTypeCode', 'contactPersonFirstName', 'contactPersonMiddleName', 'contactPersonLastName', 'organizationName', 'phone', 'fax', 'mailingAddress'] as const;
  return Object.fromEntries(keys.filter((k) => d[k] !== undefined).map((k) => [k, d[k]])) as Partial<FacilitySource>;
}

type Pending = { source: PractitionerSource | null; before: PractitionerSource | null; npiChanged: boolean };

/**
 * The FHIR directory's read model from the directory's own events: a provider profile is a
 * Practitioner, its own PractitionerRole (specialty, office phone) and the Location of its
 * primary practice address; a facility is a Location. Practices (Organization, their Location,
 * the PractitionerRoles of their providers) come from the practices' integration events
 * (fhir-practices.consumer.ts). Account identifiers (email, mobile, user name) are never read.
 * A batch is folded per profile in memory, then written with a few multi-row statements.
 */
@Injectable()
export class FhirProjection implements Projection {
  readonly name = 'fhir';
  readonly eventTypes = ['ProfileCreated', 'ProfileUpdated', 'ProfileAccountChanged', 'ProfileDeleted', 'FacilityCreated', 'FacilityUpdated', 'FacilityDeleted'];

  /**
   * A rebuild replays in place (no shadow tables: the same tables also hold what the practices
   * consumer writes, which a swap would lose): the rows this projection owns go, the others stay.
   */
  async reset(em: EntityManager): Promise<void> {
    const s = (em.config.get('schema') as string | undefined) ?? 'public';
    const conn = em.getConnection();
    await conn.execute(`DELETE FROM ${q(s, 'fhir_endpoints')} WHERE holder_id IN (SELECT id FROM ${q(s, 'fhir_practitioners')})`);
    await conn.execute(`DELETE FROM ${q(s, 'fhir_roles')} WHERE kind = 'own'`);
    await conn.execute(`DELETE FROM ${q(s, 'fhir_locations')} WHERE kind IN ('practitioner', 'facility')`);
    await conn.execute(`DELETE FROM ${q(s, 'fhir_practitioners')}`);
  }

  handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    return this.handleBatch([event], em);
  }

  async handleBatch(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
    const schema = (em.config.get('schema') as string | undefined) ?? 'public';
    const live = schema;
    const conn = em.getConnection();
    const exec: Exec = (sql, params) => conn.execute(sql, params) as Promise<Record<string, unknown>[]>;
    const people = new Map<string, Pending>();
    const facilities = new Map<string, FacilitySource | null>();

    const load = async (id: string): Promise<Pending> => {
      let p = people.get(id);
      if (!p) {
        const rows = await exec(`SELECT ${PRACTITIONER_SOURCE_COLUMNS.join(', ')} FROM ${q(schema, 'fhir_practitioners')} WHERE id = ?`, [id]);
        const row = rows[0] ? ({ ...rows[0], last_updated: new Date(rows[0].last_updated as string).toISOString() } as unknown as PractitionerSource) : null;
        p = { source: row ? { ...row } : null, before: row, npiChanged: false };
        people.set(id, p);
      }
      return p;
    };

    for (const event of events) {
      if (event.type.startsWith('Facility')) {
        await this.facility(event, facilities, schema, exec);
        continue;
      }
      const e = { type: event.type, data: event.data } as ProfileEvent;
      switch (e.type) {
        case 'ProfileCreated': {
          const d = e.data;
          const p = people.get(d.profileId) ?? { source: null, before: null, npiChanged: false };
          const s: PractitionerSource = {
            id: d.profileId,
            provider: d.roles.isProvider,
            npi: null, first_name: null, middle_name: null, last_name: null, display_name: null, credentials: null, specialty: null, organization: null,
            phone: null, fax: null, website: null, street1: null, street2: null, suite: null, city: null, state: null, zip: null,
            licences: [],
            last_updated: d.createdAt,
          };
          applyDetails(s, d.details);
          p.npiChanged ||= p.source?.npi !== s.npi || p.source?.provider !== s.provider || !p.before;
          p.source = s;
          people.set(d.profileId, p);
          break;
        }
        case 'ProfileUpdated': {
          const p = await load(e.data.profileId);
          if (!p.source) break;
          const npi = p.source.npi;
          applyDetails(p.source, e.data.changes);
          p.source.last_updated = e.data.updatedAt;
          if (p.source.npi !== npi) p.npiChanged = true;
          break;
        }
        case 'ProfileAccountChanged': {
          if (!e.data.roles) break; // email, mobile, user name: never published
          const p = await load(e.data.profileId);
          if (!p.source || p.source.provider === e.data.roles.isProvider) break;
          p.source.provider = e.data.roles.isProvider;
          p.source.last_updated = e.data.changedAt;
          p.npiChanged = true;
          break;
        }
        case 'ProfileDeleted': {
          const p = await load(e.data.profileId);
          p.source = null;
          break;
        }
        default:
          break;
      }
    }
    await this.writePeople(people, schema, live, exec);
  }

  private async writePeople(people: Map<string, Pending>, schema: string, live: string, exec: Exec): Promise<void> {
    const upserts: PractitionerSource[] = [];
    const deleted: string[] = [];
    for (const [id, p] of people) {
      if (!p.source) {
        if (p.before) deleted.push(id);
        continue;
      }
      if (p.before && !p.npiChanged && visible(p.before) === visible(p.source)) continue;
      if (!p.npiChanged && p.before) p.source.licences = p.before.licences;
      upserts.push(p.source);
    }
    const refresh = upserts.filter((s) => people.get(s.id)?.npiChanged);
    const licences = await registryLicences(exec, live, [...new Set(refresh.filter((s) => s.npi).map((s) => s.npi as string))]);
    for (const s of refresh) s.licences = (s.npi && licences.get(s.npi)) || [];

    await upsertRows(exec, q(schema, 'fhir_practitioners'), upserts.map(practitionerRow));
    await upsertRows(exec, q(schema, 'fhir_locations'), upserts.map(ownLocationRow));
    await upsertRows(exec, q(schema, 'fhir_roles'), upserts.map(ownRoleRow));
    if (upserts.length) {
      // The practitioner's roles at practices follow its specialty and whether it is published.
      await exec(
        `UPDATE ${q(schema, 'fhir_roles')} r SET specialty = x.specialty, specialty_code = x.specialty_code, published = x.provider,
                last_updated = greatest(r.last_updated, x.last_updated)
           FROM jsonb_to_recordset(?::jsonb) AS x(id uuid, specialty text, specialty_code text, provider boolean, last_updated timestamptz)
          WHERE r.practitioner_id = x.id AND r.kind = 'member'
            AND (r.specialty IS DISTINCT FROM x.specialty OR r.published IS DISTINCT FROM x.provider)`,
        [JSON.stringify(upserts.map((s) => ({ id: s.id, specialty: s.specialty, specialty_code: specialtyCode(s.specialty), provider: s.provider, last_updated: s.last_updated })))],
      );
    }
    await refreshEndpoints(
      exec,
      schema,
      live,
      refresh.map((s) => ({ id: s.id, npi: s.npi, organizationId: null, publish: s.provider, at: s.last_updated })),
    );
    if (deleted.length) {
      const ids = JSON.stringify(deleted);
      await exec(`DELETE FROM ${q(schema, 'fhir_practitioners')} WHERE id = ${anyOf('uuid')}`, [ids]);
      await exec(`DELETE FROM ${q(schema, 'fhir_locations')} WHERE id = ${anyOf('uuid')} AND kind = 'practitioner'`, [ids]);
      await exec(`DELETE FROM ${q(schema, 'fhir_roles')} WHERE practitioner_id = ${anyOf('uuid')}`, [ids]);
      await exec(`DELETE FROM ${q(schema, 'fhir_endpoints')} WHERE holder_id = ${anyOf('uuid')}`, [ids]);
    }
  }

  private async facility(event: RecordedEvent, facilities: Map<string, FacilitySource | null>, schema: string, exec: Exec): Promise<void> {
    const e = { type: event.type, data: event.data } as FacilityEvent;
    const t = q(schema, 'fhir_locations');
    switch (e.type) {
      case 'FacilityCreated': {
        const f: FacilitySource = { id: e.data.facilityId, ...published(e.data.details), last_updated: e.data.createdAt } as FacilitySource;
        facilities.set(f.id, f);
        await upsertRows(exec, t, [facilityLocationRow(f)]);
        return;
      }
      case 'FacilityUpdated': {
        let f = facilities.get(e.data.facilityId);
        if (f === undefined) {
          const rows = await exec(`SELECT source FROM ${t} WHERE id = ? AND kind = 'facility'`, [e.data.facilityId]);
          f = (rows[0]?.source as FacilitySource | undefined) ?? null;
        }
        if (!f) return;
        const next: FacilitySource = { ...f, ...published(e.data.changes), id: f.id, last_updated: e.data.updatedAt } as FacilitySource;
        facilities.set(f.id, next);
        await upsertRows(exec, t, [facilityLocationRow(next)]);
        return;
      }
      case 'FacilityDeleted':
        facilities.set(e.data.facilityId, null);
        await exec(`DELETE FROM ${t} WHERE id = ? AND kind = 'facility'`, [e.data.facilityId]);
        return;
    }
  }
}
