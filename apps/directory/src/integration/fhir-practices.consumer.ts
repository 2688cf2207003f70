import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import { practices } from '@app/contracts';
import { inPgTransaction } from '@app/event-store';
import { DurableEventConsumer, NATS_CONNECTION, PG_POOL, SERVICE_CONFIG, parseIntegrationEvent, subjects, type ServiceConfig } from '@app/nest-kit';
import { uuidFromName } from '../infrastructure/profile.writer';
import { organizationRow, practiceLocationRow, q, refreshEndpoints, upsertRows, type Exec, type OrganizationSource } from '../read-models/fhir/fhir-rows';
import { stateNorm, words, zipNorm, norm } from '../read-models/fhir/fhir-text';

/** The durable consumer's name (prefixed per NATS_PREFIX) and what it listens to. */
export const FHIR_PRACTICES_DURABLE = 'directory-fhir-practices';
export const fhirPracticesFilterSubjects = () => [subjects().allEvents('practices')];

const text = z.string().max(500).nullable().optional();
const address = z.looseObject({ streetAddress1: text, suite: text, city: text, state: text, zip: text });
const details = z.looseObject({
  npi: z.string().max(20).nullable().optional(),
  practiceName: z.string().max(300).optional(),
  displayName: z.string().max(300).nullable().optional(),
  mailingAddress: address.optional(),
  phone: text,
  fax: text,
  website: text,
});
const id = z.uuid();
const time = z.string().max(64);

type Fact =
  | { name: 'PracticeCreated'; practiceId: string; details: z.infer<typeof details>; at: string }
  | { name: 'PracticeUpdated'; practiceId: string; changes: z.infer<typeof details>; at: string }
  | { name: 'PracticeUserAdded'; practiceId: string; userId: string; at: string }
  | { name: 'PracticeUserRemoved'; practiceId: string; userId: string; at: string }
  | { name: 'PracticeDeleted'; practiceId: string; at: string };

const contracts: Record<string, z.ZodType<Fact>> = {
  [practices.PRACTICE_CREATED_V1]: z
    .looseObject({ practiceId: id, details, createdAt: time })
    .transform((d): Fact => ({ name: 'PracticeCreated', practiceId: d.practiceId, details: d.details, at: d.createdAt })),
  [practices.PRACTICE_UPDATED_V1]: z
    .looseObject({ practiceId: id, changes: details, updatedAt: time })
    .transform((d): Fact => ({ name: 'PracticeUpdated', practiceId: d.practiceId, changes: d.changes, at: d.updatedAt })),
  [practices.PRACTICE_USER_ADDED_V1]: z
    .looseObject({ practiceId: id, userId: id, addedAt: time })
    .transform((d): Fact => ({ name: 'PracticeUserAdded', practiceId: d.practiceId, userId: d.userId, at: d.addedAt })),
  [practices.PRACTICE_USER_REMOVED_V1]: z
    .looseObject({ practiceId: id, userId: id, removedAt: time })
    .transform((d): Fact => ({ name: 'PracticeUserRemoved', practiceId: d.practiceId, userId: d.userId, at: d.removedAt })),
  [practices.PRACTICE_DELETED_V1]: z
    .looseObject({ practiceId: id, deletedAt: time })
    .transform((d): Fact => ({ name: 'PracticeDeleted', practiceId: d.practiceId, at: d.deletedAt })),
};

type Parsed = { kind: 'fact'; eventId: string; fact: Fact } | { kind: 'skip'; eventId?: string; reason: string } | { kind: 'malformed'; eventId?: string; reason: string };

export function parsePracticeFact(subject: string, payload: Uint8Array): Parsed {
  const parsed = parseIntegrationEvent('practices', subject, payload, contracts);
  return parsed.kind === 'event' ? { kind: 'fact', eventId: parsed.eventId, fact: parsed.data } : parsed;
}

/** The id of a provider's PractitionerRole at a practice. */
export const memberRoleId = (practiceId: string, userId: string) => uuidFromName(`${practiceId}:${userId}`, 'fhir-practitioner-role');

const iso = (t: string) => (Number.isNaN(Date.parse(t)) ? new Date().toISOString() : new Date(t).toISOString());

/** pg's $n placeholders for the `?` ones the row helpers write. */
function pgExec(client: PoolClient): Exec {
  return async (sql, params) => {
    let n = 0;
    return (await client.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows;
  };
}

/**
 * Practices in the FHIR directory: a practice is an Organization and the Location of its address,
 * each provider among its users a PractitionerRole there (kept in step from the practices'
 * integration events on a durable JetStream consumer of its own; never from the practices'
 * tables). Each event is applied in one transaction, guarded by the JetStream sequence kept per
 * practice: a redelivered or older event of a practice changes nothing.
 */
@Injectable()
export class FhirPracticesConsumer extends DurableEventConsumer<Parsed> {
  private readonly schema: string;
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    super(nc, { name: 'FhirPractices', durable: FHIR_PRACTICES_DURABLE, filterSubjects: fhirPracticesFilterSubjects });
    this.schema = config.DATABASE_SCHEMA;
  }

  protected parse(msg: JsMsg): Parsed {
    return parsePracticeFact(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<Parsed, { kind: 'fact' }>, msg: JsMsg): Promise<void> {
    await inPgTransaction(this.pool, this.logger, (client) => this.applyFact(pgExec(client), parsed.fact, msg.seq));
  }

  async applyFact(exec: Exec, fact: Fact, seq: number): Promise<void> {
    const s = this.schema;
    const orgs = q(s, 'fhir_organizations');
    const [current] = await exec(
      `SELECT id, seq, deleted, npi, name, alias, phone, fax, website, street1, suite, city, state, zip, last_updated FROM ${orgs} WHERE id = ? FOR UPDATE`,
      [fact.practiceId],
    );
    if (current && Number(current.seq) >= seq) return; // seen already
    const at = iso(fact.at);
    if (fact.name === 'PracticeCreated') {
      if (current) return;
      const d = fact.details;
      const org: OrganizationSource = {
        id: fact.practiceId,
        npi: d.npi ?? null,
        name: d.displayName || d.practiceName || 'Practice',
        alias: d.practiceName ?? null,
        phone: d.phone ?? null,
        fax: d.fax ?? null,
        website: d.website ?? null,
        street1: d.mailingAddress?.streetAddress1 ?? null,
        suite: d.mailingAddress?.suite ?? null,
        city: d.mailingAddress?.city ?? null,
        state: d.mailingAddress?.state ?? null,
        zip: d.mailingAddress?.zip ?? null,
        last_updated: at,
      };
      await upsertRows(exec, orgs, [organizationRow(org, seq)]);
      await upsertRows(exec, q(s, 'fhir_locations'), [practiceLocationRow(org)]);
      await refreshEndpoints(exec, s, s, [{ id: org.id, npi: org.npi, organizationId: org.id, publish: true, at }]);
      return;
    }
    if (!current || current.deleted) {
      this.logger.warn(`practices event ${fact.name} of practice ${fact.practiceId}, which the directory does not know: skipped`);
      return;
    }
    await exec(`UPDATE ${orgs} SET seq = ? WHERE id = ?`, [seq, fact.practiceId]);
    switch (fact.name) {
      case 'PracticeUpdated': {
        const c = fact.changes;
        const org = { ...(current as unknown as OrganizationSource), last_updated: at };
        if (c.displayName) org.name = c.displayName;
        if (c.practiceName) org.alias = c.practiceName;
        if (c.phone !== undefined) org.phone = c.phone;
        if (c.fax !== undefined) org.fax = c.fax;
        if (c.website !== undefined) org.website = c.website;
        if (c.mailingAddress) {
          const a = c.mailingAddress;
          Object.assign(org, { street1: a.streetAddress1 ?? null, suite: a.suite ?? null, city: a.city ?? null, state: a.state ?? null, zip: a.zip ?? null });
        }
        await upsertRows(exec, orgs, [organizationRow(org, seq)]);
        await upsertRows(exec, q(s, 'fhir_locations'), [practiceLocationRow(org)]);
        // Its providers' roles there: the practice's phone and address.
        await exec(
          `UPDATE ${q(s, 'fhir_roles')} SET phone = ?, fax = ?, address_words = ?, city_norm = ?, state_norm = ?, zip_norm = ?,
                  last_updated = CASE WHEN phone IS DISTINCT FROM ? OR fax IS DISTINCT FROM ? THEN ?::timestamptz ELSE last_updated END
            WHERE organization_id = ? AND kind = 'member'`,
          [org.phone, org.fax, words(org.street1, org.suite, org.city, org.state, org.zip), norm(org.city) || null, stateNorm(org.state), zipNorm(org.zip), org.phone, org.fax, at, org.id],
        );
        return;
      }
      case 'PracticeUserAdded': {
        await exec(
          `INSERT INTO ${q(s, 'fhir_roles')} (id, kind, published, practitioner_id, organization_id, location_id, specialty, specialty_code, phone, fax,
                  address_words, city_norm, state_norm, zip_norm, last_updated)
           SELECT ?::uuid, 'member', coalesce(p.provider, false), ?::uuid, o.id, o.id, p.specialty, p.specialty_code, o.phone, o.fax,
                  o.address_words, o.city_norm, o.state_norm, o.zip_norm, ?::timestamptz
             FROM ${orgs} o LEFT JOIN ${q(s, 'fhir_practitioners')} p ON p.id = ?::uuid
            WHERE o.id = ?
           ON CONFLICT (id) DO NOTHING`,
          [memberRoleId(fact.practiceId, fact.userId), fact.userId, at, fact.userId, fact.practiceId],
        );
        return;
      }
      case 'PracticeUserRemoved':
        await exec(`DELETE FROM ${q(s, 'fhir_roles')} WHERE id = ?`, [memberRoleId(fact.practiceId, fact.userId)]);
        return;
      case 'PracticeDeleted':
        await exec(`UPDATE ${orgs} SET deleted = true, last_updated = ? WHERE id = ?`, [at, fact.practiceId]);
        await exec(`DELETE FROM ${q(s, 'fhir_locations')} WHERE id = ? AND kind = 'practice'`, [fact.practiceId]);
        await exec(`DELETE FROM ${q(s, 'fhir_roles')} WHERE organization_id = ? AND kind = 'member'`, [fact.practiceId]);
        await exec(`DELETE FROM ${q(s, 'fhir_endpoints')} WHERE holder_id = ?`, [fact.practiceId]);
        return;
    }
  }
}
