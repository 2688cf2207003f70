import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import { CHAT_EVENT_TYPES, type ChatEvent, type ChatIconBadgeCleared, type MessagePosted } from '../domain/chat.events';
import { qualified } from './qualified';

export const CHATS_PROJECTION = 'chats';

/**
 * Rooms, participants (unread counts, read positions, deleted DMs), messages (with their
 * full-text search vector) and the top-bar chat badges, from the chat events. Runs exactly
 * once per event (the checkpoint commits with these writes); rebuilt into shadow tables.
 */
@Injectable()
export class ChatsProjection implements Projection {
  readonly name = CHATS_PROJECTION;
  readonly eventTypes = [...CHAT_EVENT_TYPES, 'ChatIconBadgeCleared'];
  readonly tables = ['chats', 'chat_members', 'chat_messages', 'chat_badges'];

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const chats = qualified(em, 'chats');
    const members = qualified(em, 'chat_members');
    const messages = qualified(em, 'chat_messages');
    const badges = qualified(em, 'chat_badges');
    const e = { type: event.type, data: event.data } as ChatEvent | ChatIconBadgeCleared;
    switch (e.type) {
      case 'ChatStarted': {
        const d = e.data;
        await em.execute(
          `INSERT INTO ${chats} (id, chat_type, creator_id, title, created_at, last_activity_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
          [d.chatId, d.chatType, d.creatorId, d.title, d.startedAt, d.startedAt],
        );
        await em.execute(
          `INSERT INTO ${members} (chat_id, user_id, chat_type, is_creator, joined_at)
           SELECT ?, u.id, ?, u.id = ?::uuid, ? FROM unnest(?::uuid[]) AS u(id) ON CONFLICT DO NOTHING`,
          [d.chatId, d.chatType, d.creatorId, d.startedAt, `{${[d.creatorId, ...d.members].join(',')}}`],
        );
        return;
      }
      case 'MessagePosted': {
        const d = e.data;
        const inserted = await em.execute<Array<{ id: string }>>(
          `INSERT INTO ${messages} (id, chat_id, seq, sender_id, msg, is_image, is_document, original_file_name, posted_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING id`,
          [d.messageId, d.chatId, d.seq, d.senderId, d.msg, d.isImage, d.isDocument, d.originalFileName, d.postedAt],
        );
        if (!inserted.length) return;
        await em.execute(`UPDATE ${chats} SET message_count = greatest(message_count, ?), last_message_id = ?, last_activity_at = ? WHERE id = ?`, [
          d.seq,
          d.messageId,
          d.postedAt,
          d.chatId,
        ]);
        await em.execute(
          `UPDATE ${members} SET unread = CASE WHEN user_id = ?::uuid THEN 0 ELSE unread + 1 END,
                                 last_read_seq = CASE WHEN user_id = ?::uuid THEN greatest(last_read_seq, ?) ELSE last_read_seq END
            WHERE chat_id = ?`,
          [d.senderId, d.senderId, d.seq, d.chatId],
        );
        await em.execute(
          `INSERT INTO ${badges} (user_id, show, updated_at)
           SELECT user_id, true, ? FROM ${members} WHERE chat_id = ? AND user_id <> ?::uuid
           ON CONFLICT (user_id) DO UPDATE SET show = true, updated_at = excluded.updated_at`,
          [d.postedAt, d.chatId, d.senderId],
        );
        return;
      }
      case 'MessagesRead': {
        const d = e.data;
        await em.execute(
          `UPDATE ${members} SET last_read_seq = greatest(last_read_seq, ?),
                  unread = least(unread, (SELECT count(*) FROM ${messages} m WHERE m.chat_id = ? AND m.seq > ? AND m.sender_id <> ?::uuid))
            WHERE chat_id = ? AND user_id = ?`,
          [d.seq, d.chatId, d.seq, d.userId, d.chatId, d.userId],
        );
        return;
      }
      case 'ChatDeletedForUser':
        await em.execute(`UPDATE ${members} SET deleted = true, unread = 0 WHERE chat_id = ? AND user_id = ?`, [e.data.chatId, e.data.userId]);
        return;
      case 'ChatUndeletedForUser':
        await em.execute(`UPDATE ${members} SET deleted = false WHERE chat_id = ? AND user_id = ?`, [e.data.chatId, e.data.userId]);
        return;
      case 'GroupChatRenamed':
        await em.execute(`UPDATE ${chats} SET title = ? WHERE id = ?`, [e.data.title, e.data.chatId]);
        return;
      case 'GroupMembersAdded':
        await em.execute(
          `INSERT INTO ${members} (chat_id, user_id, chat_type, joined_at) SELECT ?, u.id, 1, ? FROM unnest(?::uuid[]) AS u(id) ON CONFLICT DO NOTHING`,
          [e.data.chatId, e.data.at, `{${e.data.userIds.join(',')}}`],
        );
        return;
      case 'GroupMembersRemoved':
        await em.execute(`DELETE FROM ${members} WHERE chat_id = ? AND user_id = ANY(?::uuid[]) AND NOT is_creator`, [e.data.chatId, `{${e.data.userIds.join(',')}}`]);
        return;
      case 'ChatIconBadgeCleared':
        await em.execute(
          `INSERT INTO ${badges} (user_id, show, updated_at) VALUES (?, false, ?) ON CONFLICT (user_id) DO UPDATE SET show = false, updated_at = excluded.updated_at`,
          [e.data.userId, e.data.at],
        );
        return;
    }
  }

  /**
   * A batch: runs of MessagePosted (the bulk of this stream) are written with one statement per
   * run instead of four per message: the messages inserted, then, for the ones that went in, the
   * rooms' counters, every participant's unread count and read position, and the badges, each
   * computed for the whole run as `handle` would leave them message after message. The other
   * events go through `handle`, in order between the runs.
   */
  async handleBatch(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
    let run: MessagePosted['data'][] = [];
    const flush = async () => {
      if (run.length) await this.postAll(em, run);
      run = [];
    };
    for (const event of events) {
      if (event.type === 'MessagePosted') {
        run.push(event.data as MessagePosted['data']);
        if (run.length >= 1000) await flush();
        continue;
      }
      await flush();
      await this.handle(event, em);
    }
    await flush();
  }

  /**
   * One statement (data-modifying CTEs, one round trip). Each part reads the tables as they
   * were before the statement, which is what it needs: the membership (which none of them
   * changes), and the messages that went in (`m`, from the INSERT's RETURNING).
   */
  private async postAll(em: EntityManager, run: readonly MessagePosted['data'][]): Promise<void> {
    const chats = qualified(em, 'chats');
    const members = qualified(em, 'chat_members');
    const messages = qualified(em, 'chat_messages');
    const badges = qualified(em, 'chat_badges');
    await em.execute(
      `WITH run (id, chat_id, seq, sender_id, msg, is_image, is_document, original_file_name, posted_at, ord) AS (
         VALUES ${run.map((_, i) => `(?::uuid, ?::uuid, ?::int, ?::uuid, ?::text, ?::boolean, ?::boolean, ?::text, ?::timestamptz, ${i + 1})`).join(', ')}
       ),
       ins AS (
         INSERT INTO ${messages} (id, chat_id, seq, sender_id, msg, is_image, is_document, original_file_name, posted_at)
         SELECT id, chat_id, seq, sender_id, msg, is_image, is_document, original_file_name, posted_at FROM run ORDER BY ord
         ON CONFLICT (id) DO NOTHING RETURNING id
       ),
       -- The messages that went in, in posting order; one posted twice in the run counts once, at its first place.
       m AS (
         SELECT DISTINCT ON (run.id) run.chat_id, run.sender_id, run.seq, run.id, run.posted_at, run.ord
           FROM run JOIN ins ON ins.id = run.id ORDER BY run.id, run.ord
       ),
       -- The room: the highest seq, the last message and its time.
       rooms AS (
         UPDATE ${chats} c SET message_count = greatest(c.message_count, v.max_seq), last_message_id = v.last_id, last_activity_at = v.last_at
           FROM (SELECT DISTINCT ON (m.chat_id) m.chat_id, max(m.seq) OVER (PARTITION BY m.chat_id) AS max_seq, m.id AS last_id, m.posted_at AS last_at
                   FROM m ORDER BY m.chat_id, m.ord DESC) v
          WHERE c.id = v.chat_id
         RETURNING 1
       ),
       -- Each participant: 0 unread at their own last message, plus one per later message; read
       -- up to the highest seq they posted. Those who posted nothing: one unread more per message.
       s AS (
         SELECT mb.chat_id, mb.user_id,
                max(m.ord) FILTER (WHERE m.sender_id = mb.user_id) AS last_sent,
                max(m.seq) FILTER (WHERE m.sender_id = mb.user_id) AS max_sent_seq
           FROM ${members} mb JOIN m ON m.chat_id = mb.chat_id
          GROUP BY mb.chat_id, mb.user_id
       ),
       t AS (SELECT s.*, (SELECT count(*) FROM m WHERE m.chat_id = s.chat_id AND m.ord > coalesce(s.last_sent, 0))::int AS later FROM s),
       unread AS (
         UPDATE ${members} mb
            SET unread = CASE WHEN t.last_sent IS NULL THEN mb.unread + t.later ELSE t.later END,
                last_read_seq = CASE WHEN t.max_sent_seq IS NULL THEN mb.last_read_seq ELSE greatest(mb.last_read_seq, t.max_sent_seq) END
           FROM t
          WHERE mb.chat_id = t.chat_id AND mb.user_id = t.user_id
         RETURNING 1
       )
       -- The badge of everyone in a room someone else posted to, with the time of the last such message.
       INSERT INTO ${badges} (user_id, show, updated_at)
       SELECT DISTINCT ON (mb.user_id) mb.user_id, true, m.posted_at
         FROM m JOIN ${members} mb ON mb.chat_id = m.chat_id AND mb.user_id <> m.sender_id
        ORDER BY mb.user_id, m.ord DESC
       ON CONFLICT (user_id) DO UPDATE SET show = true, updated_at = excluded.updated_at`,
      run.flatMap((d) => [d.messageId, d.chatId, d.seq, d.senderId, d.msg, d.isImage, d.isDocument, d.originalFileName, d.postedAt]),
    );
  }

  async reset(em: EntityManager): Promise<void> {
    for (const t of this.tables) await em.execute(`DELETE FROM ${qualified(em, t)}`);
  }
}
