import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Pool, PoolClient } from 'pg';
import { inPgTransaction } from '@app/event-store';
import { DurableEventConsumer, NATS_CONNECTION, PG_POOL, subjects } from '@app/nest-kit';
import { type ParsedPracticeEvent, type PracticeFact, parsePracticeEvent } from './practice-events';

/** The durable consumer's name (prefixed per NATS_PREFIX) and what it listens to. */
export const DIRECTORY_PRACTICES_DURABLE = 'directory-practices';
export const directoryPracticesFilterSubjects = () => [subjects().allEvents('practices')];

/**
 * Keeps the directory's copy of practice registrations (`practice_npis`: NPI and user name of
 * every practice) and memberships (`practice_members`: user and access type) from the practices
 * service's events: a durable JetStream consumer, each event applied once (`processed_events`
 * in the same transaction). Never reads the practices service's tables.
 */
@Injectable()
export class PracticeEventsConsumer extends DurableEventConsumer<ParsedPracticeEvent> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    super(nc, { name: 'PracticeEvents', durable: DIRECTORY_PRACTICES_DURABLE, filterSubjects: directoryPracticesFilterSubjects });
  }

  protected parse(msg: JsMsg): ParsedPracticeEvent {
    return parsePracticeEvent(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedPracticeEvent, { kind: 'fact' }>, msg: JsMsg): Promise<void> {
    await inPgTransaction(this.pool, this.logger, async (client) => {
      const fresh = await client.query('INSERT INTO processed_events (event_id, subject) VALUES ($1, $2) ON CONFLICT DO NOTHING', [parsed.eventId, msg.subject]);
      if (fresh.rowCount) await applyPracticeFact(client, parsed.fact);
    });
  }
}

export async function applyPracticeFact(client: Pick<PoolClient, 'query'>, fact: PracticeFact): Promise<void> {
  switch (fact.name) {
    case 'PracticeCreated':
      await client.query(
        `INSERT INTO practice_npis (practice_id, npi, user_name) VALUES ($1, $2, $3)
         ON CONFLICT (practice_id) DO UPDATE SET npi = EXCLUDED.npi, user_name = EXCLUDED.user_name`,
        [fact.practiceId, fact.npi, fact.userName],
      );
      return;
    case 'PracticeUpdated':
      if (fact.npi) await client.query('UPDATE practice_npis SET npi = $2 WHERE practice_id = $1', [fact.practiceId, fact.npi]);
      if (fact.userName) await client.query('UPDATE practice_npis SET user_name = $2 WHERE practice_id = $1', [fact.practiceId, fact.userName]);
      return;
    case 'PracticeUserAdded':
    case 'PracticeUserAccessTypeChanged':
      await client.query(
        `INSERT INTO practice_members (practice_id, user_id, access_type) VALUES ($1, $2, $3)
         ON CONFLICT (practice_id, user_id) DO UPDATE SET access_type = EXCLUDED.access_type`,
        [fact.practiceId, fact.userId, fact.accessType],
      );
      return;
    case 'PracticeUserRemoved':
      await client.query('DELETE FROM practice_members WHERE practice_id = $1 AND user_id = $2', [fact.practiceId, fact.userId]);
      return;
    case 'PracticeDeleted':
      await client.query('DELETE FROM practice_members WHERE practice_id = $1', [fact.practiceId]);
      await client.query('DELETE FROM practice_npis WHERE practice_id = $1', [fact.practiceId]);
      return;
  }
}
