import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Pool, PoolClient } from 'pg';
import type { BoundedContext } from '@app/contracts';
import { DurableEventConsumer, NATS_CONNECTION, PG_POOL, applyOnce, subjects } from '@app/nest-kit';
import { parseUserEvent, type ParsedUserEvent, type UserFact } from './user-facts';

/**
 * Keeps `chat_users` (names and avatars of the people messaging shows) from identity's and the
 * directory's integration events: durable consumers (see DurableEventConsumer; one per source
 * context, one filter subject each works on every NATS server). Like every consumer, an event
 * applies once per CloudEvent id (`processed_events`, in the same transaction); each field also
 * keeps the stream sequence it came from, so an older event redelivered after a newer one never
 * overwrites the newer value. Messaging never reads another service's tables.
 */
abstract class UserFactsConsumer extends DurableEventConsumer<ParsedUserEvent> {
  protected constructor(
    nc: NatsConnection,
    private readonly pool: Pool,
    private readonly context: BoundedContext,
    durable: string,
  ) {
    super(nc, { name: `UserEvents(${context})`, durable, filterSubjects: () => [subjects().allEvents(context)] });
  }

  protected parse(msg: JsMsg): ParsedUserEvent {
    return parseUserEvent(this.context, msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedUserEvent, { kind: 'fact' }>, msg: JsMsg): Promise<void> {
    await applyOnce(this.pool, parsed.eventId, msg.subject, (client) => writeUserFact(client, parsed.fact, msg.seq));
  }
}

@Injectable()
export class IdentityUsersConsumer extends UserFactsConsumer {
  constructor(@Inject(NATS_CONNECTION) nc: NatsConnection, @Inject(PG_POOL) pool: Pool) {
    super(nc, pool, 'identity', 'messaging-identity');
  }
}

@Injectable()
export class DirectoryUsersConsumer extends UserFactsConsumer {
  constructor(@Inject(NATS_CONNECTION) nc: NatsConnection, @Inject(PG_POOL) pool: Pool) {
    super(nc, pool, 'directory', 'messaging-directory');
  }
}

/** Upserts the fields the event carries, each only if this event is newer than what set it. */
async function writeUserFact(client: PoolClient, f: UserFact, seq: number): Promise<void> {
  const has = (v: unknown) => v !== undefined;
  await client.query(
    `INSERT INTO chat_users AS u (id, user_name, user_name_seq, display_name, display_name_seq, avatar_image_url, avatar_seq, updated_at)
     VALUES ($1, coalesce($2, ''), CASE WHEN $3::boolean THEN $8::bigint ELSE 0 END, coalesce($4, ''), CASE WHEN $5::boolean THEN $8::bigint ELSE 0 END,
             $6, CASE WHEN $7::boolean THEN $8::bigint ELSE 0 END, now())
     ON CONFLICT (id) DO UPDATE SET
       user_name = CASE WHEN $3::boolean AND $8::bigint > u.user_name_seq THEN excluded.user_name ELSE u.user_name END,
       user_name_seq = CASE WHEN $3::boolean AND $8::bigint > u.user_name_seq THEN $8::bigint ELSE u.user_name_seq END,
       display_name = CASE WHEN $5::boolean AND $8::bigint > u.display_name_seq THEN excluded.display_name ELSE u.display_name END,
       display_name_seq = CASE WHEN $5::boolean AND $8::bigint > u.display_name_seq THEN $8::bigint ELSE u.display_name_seq END,
       avatar_image_url = CASE WHEN $7::boolean AND $8::bigint > u.avatar_seq THEN excluded.avatar_image_url ELSE u.avatar_image_url END,
       avatar_seq = CASE WHEN $7::boolean AND $8::bigint > u.avatar_seq THEN $8::bigint ELSE u.avatar_seq END,
       updated_at = now()`,
    [f.userId, f.userName ?? null, has(f.userName), f.displayName ?? null, has(f.displayName), f.avatarImageUrl ?? null, has(f.avatarImageUrl), seq],
  );
}
