import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Pool } from 'pg';
import { DurableEventConsumer, NATS_CONNECTION, PG_POOL, applyOnce, subjects } from '@app/nest-kit';
import { parseRoleEvent, type CommitteeRoleChange, type ParsedRoleEvent } from '../integration/identity-roles';

export const CREDENTIALING_IDENTITY_DURABLE = 'credentialing-identity';
/** One filter (every NATS server takes one): identity's events, those without committee roles skipped. */
export const identityFilterSubjects = () => [subjects().allEvents('identity')];

/** Keeps `credentialing_committee_roles` in step with identity's roles (durable JetStream consumer). */
@Injectable()
export class IdentityRolesConsumer extends DurableEventConsumer<ParsedRoleEvent> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    super(nc, { name: 'IdentityRoles', durable: CREDENTIALING_IDENTITY_DURABLE, filterSubjects: identityFilterSubjects });
  }

  protected parse(msg: JsMsg): ParsedRoleEvent {
    return parseRoleEvent(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedRoleEvent, { kind: 'change' }>, msg: JsMsg): Promise<void> {
    await applyOnce(this.pool, parsed.eventId, msg.subject, (client) => applyRoleChange(client, parsed.change));
  }
}

export async function applyRoleChange(client: { query: Pool['query'] }, change: CommitteeRoleChange): Promise<void> {
  await client.query(
    `INSERT INTO credentialing_committee_roles (user_id, committee_member, medical_director) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET committee_member = EXCLUDED.committee_member, medical_director = EXCLUDED.medical_director, updated_at = now()`,
    [change.userId, change.committeeMember, change.medicalDirector],
  );
}
