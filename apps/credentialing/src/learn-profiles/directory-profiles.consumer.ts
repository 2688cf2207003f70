import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Pool } from 'pg';
import { DurableEventConsumer, NATS_CONNECTION, PG_POOL, applyOnce, subjects } from '@app/nest-kit';
import { PROFILE_COLUMNS, parseProfileEvent, type ParsedProfileEvent, type ProfileChange } from '../integration/directory-profiles';


export const CREDENTIALING_DIRECTORY_DURABLE = 'credentialing-directory';
export const directoryFilterSubjects = () => [subjects().allEvents('directory')];

/** Keeps `credentialing_profiles` in step with the directory's profiles (durable JetStream consumer). */
@Injectable()
export class DirectoryProfilesConsumer extends DurableEventConsumer<ParsedProfileEvent> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    super(nc, { name: 'DirectoryProfiles', durable: CREDENTIALING_DIRECTORY_DURABLE, filterSubjects: directoryFilterSubjects });
  }

  protected parse(msg: JsMsg): ParsedProfileEvent {
    return parseProfileEvent(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedProfileEvent, { kind: 'change' }>, msg: JsMsg): Promise<void> {
    await applyOnce(this.pool, parsed.eventId, msg.subject, (client) => applyProfileChange(client, parsed.change));
  }
}

export async function applyProfileChange(client: { query: Pool['query'] }, change: ProfileChange): Promise<void> {
  if (change.kind === 'delete') {
    await client.query('UPDATE credentialing_profiles SET deleted = true, updated_at = now() WHERE id = $1', [change.id]);
    return;
  }
  const entries = Object.entries(change.cols).filter(([c]) => PROFILE_COLUMNS.has(c));
  if (change.kind === 'upsert') {
    const cols = ['id', ...entries.map(([c]) => c)];
    await client.query(
      `INSERT INTO credentialing_profiles (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT (id) DO UPDATE SET ${entries.map(([c]) => `"${c}" = EXCLUDED."${c}"`).join(', ')}, updated_at = now()`,
      [change.id, ...entries.map(([, v]) => v)],
    );
  } else if (entries.length) {
    await client.query(`UPDATE credentialing_profiles SET ${entries.map(([c], i) => `"${c}" = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [
      change.id,
      ...entries.map(([, v]) => v),
    ]);
  }
}
