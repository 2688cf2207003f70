import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Pool } from 'pg';
import { DurableEventConsumer, NATS_CONNECTION, PG_POOL, applyOnce, subjects } from '@app/nest-kit';
import { parseMembershipEvent, type MembershipChange, type ParsedMembershipEvent } from '../integration/practice-memberships';


export const CREDENTIALING_PRACTICES_DURABLE = 'credentialing-practices';
export const practicesFilterSubjects = () => [subjects().allEvents('practices')];

/** Keeps `credentialing_memberships` in step with the practices' users (durable JetStream consumer). */
@Injectable()
export class PracticeMembershipsConsumer extends DurableEventConsumer<ParsedMembershipEvent> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    super(nc, { name: 'PracticeMemberships', durable: CREDENTIALING_PRACTICES_DURABLE, filterSubjects: practicesFilterSubjects });
  }

  protected parse(msg: JsMsg): ParsedMembershipEvent {
    return parseMembershipEvent(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedMembershipEvent, { kind: 'change' }>, msg: JsMsg): Promise<void> {
    await applyOnce(this.pool, parsed.eventId, msg.subject, (client) => applyMembershipChange(client, parsed.change));
  }
}

export async function applyMembershipChange(client: { query: Pool['query'] }, change: MembershipChange): Promise<void> {
  switch (change.kind) {
    case 'set':
      await client.query(
        `INSERT INTO credentialing_memberships (practice_id, user_id, access_type) VALUES ($1, $2, $3)
         ON CONFLICT (practice_id, user_id) DO UPDATE SET access_type = EXCLUDED.access_type, updated_at = now()`,
        [change.practiceId, change.userId, change.accessType],
      );
      return;
    case 'remove':
      await client.query('DELETE FROM credentialing_memberships WHERE practice_id = $1 AND user_id = $2', [change.practiceId, change.userId]);
      return;
    case 'removePractice':
      await client.query('DELETE FROM credentialing_memberships WHERE practice_id = $1', [change.practiceId]);
      return;
  }
}
