import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Pool } from 'pg';
import { DurableEventConsumer, NATS_CONNECTION, PG_POOL, applyOnce, subjects } from '@app/nest-kit';
import { type ParsedDirectoryEvent, parseDirectoryEvent, type PersonChange } from './directory-people';

/** The durable consumer's name (prefixed per NATS_PREFIX) and what it listens to. */
export const PRACTICES_DIRECTORY_DURABLE = 'practices-directory';
export const practicesFilterSubjects = () => [subjects().allEvents('directory')];

const PERSON_COLUMNS = new Set([
  'user_name', 'first_name', 'middle_name', 'last_name', 'display_name', 'npi', 'street1', 'city', 'state', 'zip', 'phone', 'avatar_url', 'is_admin', 'is_master_admin', 'deleted',
]);

/**
 * Keeps `practice_people` in step with the directory's profiles (a durable JetStream consumer:
 * see DurableEventConsumer); each change commits with its `processed_events` row.
 */
@Injectable()
export class DirectoryPeopleConsumer extends DurableEventConsumer<ParsedDirectoryEvent> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    super(nc, { name: 'DirectoryPeople', durable: PRACTICES_DIRECTORY_DURABLE, filterSubjects: practicesFilterSubjects });
  }

  protected parse(msg: JsMsg): ParsedDirectoryEvent {
    return parseDirectoryEvent(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedDirectoryEvent, { kind: 'change' }>, msg: JsMsg): Promise<void> {
    await this.applyChange(parsed.eventId, msg.subject, parsed.change);
  }

  /** One change of practice_people, recorded as processed in the same transaction (a redelivery does nothing). */
  async applyChange(eventId: string, subject: string, change: PersonChange): Promise<void> {
    await applyOnce(this.pool, eventId, subject, async (client) => {
      if (change.kind === 'delete') {
        await client.query('UPDATE practice_people SET deleted = true, updated_at = now() WHERE id = $1', [change.id]);
        return;
      }
      const entries = Object.entries(change.cols).filter(([c]) => PERSON_COLUMNS.has(c));
      if (change.kind === 'upsert') {
        const cols = ['id', ...entries.map(([c]) => c)];
        await client.query(
          `INSERT INTO practice_people (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})
           ON CONFLICT (id) DO UPDATE SET ${entries.map(([c]) => `"${c}" = EXCLUDED."${c}"`).join(', ')}, updated_at = now()`,
          [change.id, ...entries.map(([, v]) => v)],
        );
      } else if (entries.length) {
        await client.query(`UPDATE practice_people SET ${entries.map(([c], i) => `"${c}" = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [
          change.id,
          ...entries.map(([, v]) => v),
        ]);
      }
    });
  }
}
