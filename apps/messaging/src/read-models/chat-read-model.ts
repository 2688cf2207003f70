import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { messaging } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';

type ChatRow = {
  id: string;
  chat_type: 0 | 1;
  creator_id: string;
  title: string | null;
  message_count: number;
  created_at: Date;
  last_activity_at: Date;
  unread: number;
};
export type MessageRow = {
  id: string;
  chat_id: string;
  seq: number;
  sender_id: string;
  msg: string;
  is_image: boolean;
  is_document: boolean;
  original_file_name: string | null;
  posted_at: Date;
};
const MESSAGE_COLUMNS = 'id, chat_id, seq, sender_id, msg, is_image, is_document, original_file_name, posted_at';

export type UserDirectory = Map<string, messaging.ChatUserView>;
const unknownUser = (id: string): messaging.ChatUserView => ({ _id: id, userName: '', displayName: '', avatarImageUrl: null });
export const userIn = (users: UserDirectory, id: string) => users.get(id) ?? unknownUser(id);

/** A message as the calls and events show it (names as messaging knows them now). */
export function messageView(m: MessageRow, users: UserDirectory, readByOthersUpTo: number): messaging.ChatMessageView {
  const sender = userIn(users, m.sender_id);
  return {
    _id: m.id,
    chatId: m.chat_id,
    senderId: m.sender_id,
    senderDisplayName: sender.displayName,
    senderUserName: sender.userName,
    msg: m.msg,
    dateTime: new Date(m.posted_at).toISOString(),
    isImage: m.is_image,
    isDocument: m.is_document,
    originalFileName: m.original_file_name,
    status: m.seq <= readByOthersUpTo ? 'Read' : 'Unread',
  };
}

export type ChatShape = {
  id: string;
  chatType: 0 | 1;
  creatorId: string;
  members: string[];
  title: string | null;
  unread: number;
  createdAt: string;
  lastActivityAt: string;
};

export function dmView(c: ChatShape, users: UserDirectory, messages: messaging.ChatMessageView[], hasMore: boolean): messaging.DmChatView {
  const sender = userIn(users, c.creatorId);
  const recipient = userIn(users, c.members[0] ?? '');
  return {
    _id: c.id,
    senderId: sender._id,
    senderUserName: sender.userName,
    senderDisplayName: sender.displayName,
    senderAvatarImageUrl: sender.avatarImageUrl,
    recipientId: recipient._id,
    recipientUserName: recipient.userName,
    recipientDisplayName: recipient.displayName,
    recipientAvatarImageUrl: recipient.avatarImageUrl,
    messages,
    unread: c.unread,
    hasMore,
    createdAt: c.createdAt,
    lastActivityAt: c.lastActivityAt,
  };
}

export function groupView(c: ChatShape, users: UserDirectory, messages: messaging.ChatMessageView[], hasMore: boolean): messaging.GroupChatView {
  const creator = userIn(users, c.creatorId);
  return {
    _id: c.id,
    title: c.title ?? '',
    creatorId: c.creatorId,
    members: [...c.members],
    memberUsers: c.members.map((m) => userIn(users, m)),
    memberCount: c.members.length + 1,
    chatCreatorUseName: creator.userName,
    chatCreatorDisplayName: creator.displayName,
    messages,
    unread: c.unread,
    hasMore,
    createdAt: c.createdAt,
    lastActivityAt: c.lastActivityAt,
  };
}

export const chatView = (c: ChatShape, users: UserDirectory, messages: messaging.ChatMessageView[], hasMore: boolean) =>
  c.chatType === 0 ? dmView(c, users, messages, hasMore) : groupView(c, users, messages, hasMore);

/** Turns a search text into a prefix tsquery of its words ('car pla' → 'car:* & pla:*'), or null without words. */
export function prefixQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * Reads of messaging's read models (its own schema only: names come from chat_users, which
 * messaging keeps from identity's and the directory's events).
 */
@Injectable()
export class ChatReadModel {
  private readonly userCache = new Map<string, { user: messaging.ChatUserView; at: number }>();
  /** The ids to read in the next query of `users`, and its answer. */
  private nextLookup: { ids: Set<string>; found: Promise<UserDirectory> } | null = null;
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * Names and avatars, cached for a few seconds (every message event needs its sender's). The
   * ids missing from the cache in one turn of the event loop (the messages of one group commit)
   * are read together, in one query.
   */
  async users(ids: Iterable<string>): Promise<UserDirectory> {
    const out: UserDirectory = new Map();
    const missing: string[] = [];
    const now = Date.now();
    for (const id of new Set(ids)) {
      const hit = this.userCache.get(id);
      if (hit && now - hit.at < 5000) out.set(id, hit.user);
      else missing.push(id);
    }
    if (missing.length) {
      const found = await this.lookUp(missing);
      for (const id of missing) {
        const user = found.get(id);
        if (user) out.set(id, user);
      }
    }
    return out;
  }

  private lookUp(ids: readonly string[]): Promise<UserDirectory> {
    let next = this.nextLookup;
    if (!next) {
      const wanted = new Set<string>();
      const found = new Promise<UserDirectory>((resolve, reject) =>
        setImmediate(() => {
          this.nextLookup = null;
          this.readUsers([...wanted]).then(resolve, reject);
        }),
      );
      next = this.nextLookup = { ids: wanted, found };
    }
    for (const id of ids) next.ids.add(id);
    return next.found;
  }

  private async readUsers(ids: string[]): Promise<UserDirectory> {
    const { rows } = await this.pool.query<{ id: string; user_name: string; display_name: string; avatar_image_url: string | null }>(
      'SELECT id, user_name, display_name, avatar_image_url FROM chat_users WHERE id = ANY($1::uuid[])',
      [ids],
    );
    const out: UserDirectory = new Map();
    const now = Date.now();
    for (const r of rows) {
      const user = { _id: r.id, userName: r.user_name, displayName: r.display_name || r.user_name, avatarImageUrl: r.avatar_image_url };
      out.set(r.id, user);
      if (this.userCache.size > 20_000) this.userCache.clear();
      this.userCache.set(r.id, { user, at: now });
    }
    return out;
  }

  /** The ids among these that messaging knows as users. */
  async knownUsers(ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM chat_users WHERE id = ANY($1::uuid[])', [ids]);
    return new Set(rows.map((r) => r.id));
  }

  /** The caller's DMs or groups, most recent activity first, each with its last message. */
  async list(userId: string, chatType: 0 | 1): Promise<Array<messaging.DmChatView | messaging.GroupChatView>> {
    const { rows } = await this.pool.query<ChatRow>(
      `SELECT c.id, c.chat_type, c.creator_id, c.title, c.message_count, c.created_at, c.last_activity_at, m.unread
         FROM chat_members m JOIN chats c ON c.id = m.chat_id
        WHERE m.user_id = $1 AND m.chat_type = $2 AND NOT m.deleted
        ORDER BY c.last_activity_at DESC, c.id LIMIT 1000`,
      [userId, chatType],
    );
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [memberRows, lastRows] = await Promise.all([
      this.pool.query<{ chat_id: string; user_id: string; is_creator: boolean; last_read_seq: number; joined_at: Date }>(
        'SELECT chat_id, user_id, is_creator, last_read_seq, joined_at FROM chat_members WHERE chat_id = ANY($1::uuid[]) ORDER BY joined_at, user_id',
        [ids],
      ),
      this.pool.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE id IN (SELECT last_message_id FROM chats WHERE id = ANY($1::uuid[]))`, [ids]),
    ]);
    const membersOf = new Map<string, typeof memberRows.rows>();
    for (const m of memberRows.rows) membersOf.set(m.chat_id, [...(membersOf.get(m.chat_id) ?? []), m]);
    const lastOf = new Map(lastRows.rows.map((m) => [m.chat_id, m]));
    const users = await this.users([...memberRows.rows.map((m) => m.user_id), ...lastRows.rows.map((m) => m.sender_id)]);
    return rows.map((r) => {
      const ms = membersOf.get(r.id) ?? [];
      const last = lastOf.get(r.id);
      const readUpTo = last ? Math.min(...ms.filter((m) => m.user_id !== last.sender_id).map((m) => m.last_read_seq), Number.MAX_SAFE_INTEGER) : 0;
      return chatView(this.shape(r, ms), users, last ? [messageView(last, users, readUpTo)] : [], r.message_count > 1);
    });
  }

  /** One room for a participant: its newest page of messages (newest last). */
  async room(chatId: string, userId: string, limit: number = messaging.CHAT_LIMITS.pageSize): Promise<messaging.DmChatView | messaging.GroupChatView | null> {
    const { rows } = await this.pool.query<ChatRow>(
      `SELECT c.id, c.chat_type, c.creator_id, c.title, c.message_count, c.created_at, c.last_activity_at, coalesce(m.unread, 0) AS unread
         FROM chats c LEFT JOIN chat_members m ON m.chat_id = c.id AND m.user_id = $2 WHERE c.id = $1`,
      [chatId, userId],
    );
    if (!rows[0]) return null;
    const ms = await this.members(chatId);
    const page = await this.page(chatId, userId, undefined, limit);
    const users = await this.users([...ms.map((m) => m.user_id), ...page.rows.map((m) => m.sender_id)]);
    return chatView(this.shape(rows[0], ms), users, page.rows.map((m) => messageView(m, users, page.readUpTo.get(m.sender_id) ?? 0)), page.hasMore);
  }

  /** A page of a room's messages older than `before` (or the newest), newest last. An index range whatever the room's length. */
  async messages(chatId: string, userId: string, before: string | undefined, limit: number): Promise<messaging.MessagesReply | null> {
    let beforeSeq: number | undefined;
    if (before) {
      const seq = await this.seqOf(chatId, before);
      if (seq === null) return null;
      beforeSeq = seq;
    }
    const page = await this.page(chatId, userId, beforeSeq, limit);
    const users = await this.users(page.rows.map((m) => m.sender_id));
    return { messages: page.rows.map((m) => messageView(m, users, page.readUpTo.get(m.sender_id) ?? 0)), hasMore: page.hasMore };
  }

  async seqOf(chatId: string, messageId: string): Promise<number | null> {
    const { rows } = await this.pool.query<{ seq: number }>('SELECT seq FROM chat_messages WHERE id = $1 AND chat_id = $2', [messageId, chatId]);
    return rows[0]?.seq ?? null;
  }

  async badge(userId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ show: boolean }>('SELECT show FROM chat_badges WHERE user_id = $1', [userId]);
    return rows[0]?.show ?? false;
  }

  /**
   * Chats of the caller matching the text: DMs by the counterpart's names, groups by title or
   * member names, and both by the words of the messages the caller can read (full-text, prefix
   * per word, on the 'simple' configuration: no stemming, any language).
   */
  async search(userId: string, text: string): Promise<messaging.SearchReply> {
    const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const tsq = prefixQuery(text);
    const byName = await this.pool.query<{ id: string; chat_type: 0 | 1 }>(
      `SELECT DISTINCT c.id, c.chat_type
         FROM chat_members me JOIN chats c ON c.id = me.chat_id
         LEFT JOIN chat_members other ON other.chat_id = c.id AND other.user_id <> me.user_id
         LEFT JOIN chat_users u ON u.id = other.user_id
        WHERE me.user_id = $1 AND NOT me.deleted
          AND ((c.chat_type = 1 AND lower(c.title) LIKE $2) OR lower(u.display_name) LIKE $2 OR lower(u.user_name) LIKE $2)
        LIMIT 200`,
      [userId, like],
    );
    const byText = tsq
      ? await this.pool.query<{ chat_id: string; chat_type: 0 | 1; ids: string[] }>(
          `SELECT me.chat_id, me.chat_type, (array_agg(hit.id ORDER BY hit.seq DESC))[1:20] AS ids
             FROM chat_members me
             JOIN LATERAL (SELECT m.id, m.seq FROM chat_messages m WHERE m.chat_id = me.chat_id AND m.search @@ to_tsquery('simple', $2)
                            ORDER BY m.seq DESC LIMIT 20) hit ON true
            WHERE me.user_id = $1 AND NOT me.deleted
            GROUP BY me.chat_id, me.chat_type
            LIMIT 200`,
          [userId, tsq],
        )
      : { rows: [] };
    const hits = new Map<string, { chatType: 0 | 1; messageIds: string[] }>();
    for (const r of byName.rows) hits.set(r.id, { chatType: r.chat_type, messageIds: [] });
    for (const r of byText.rows) hits.set(r.chat_id, { chatType: r.chat_type, messageIds: r.ids });
    const chats: messaging.ChatSearchHit[] = [];
    const groupChats: messaging.ChatSearchHit[] = [];
    for (const [id, h] of hits) (h.chatType === 0 ? chats : groupChats).push({ _id: id, messageIds: h.messageIds });
    return { chats, groupChats };
  }

  private async members(chatId: string) {
    const { rows } = await this.pool.query<{ chat_id: string; user_id: string; is_creator: boolean; last_read_seq: number; joined_at: Date }>(
      'SELECT chat_id, user_id, is_creator, last_read_seq, joined_at FROM chat_members WHERE chat_id = $1 ORDER BY joined_at, user_id',
      [chatId],
    );
    return rows;
  }

  /** Newest `limit` messages before `beforeSeq`, newest last; `readUpTo`: per sender, how far every other participant read. */
  private async page(chatId: string, _userId: string, beforeSeq: number | undefined, limit: number) {
    const { rows } = await this.pool.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE chat_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3`,
      [chatId, beforeSeq ?? 2_147_483_647, limit + 1],
    );
    const hasMore = rows.length > limit;
    const page = rows.slice(0, limit).reverse();
    const ms = await this.members(chatId);
    const readUpTo = new Map<string, number>();
    for (const sender of new Set(page.map((m) => m.sender_id))) {
      const others = ms.filter((m) => m.user_id !== sender).map((m) => m.last_read_seq);
      readUpTo.set(sender, others.length ? Math.min(...others) : 0);
    }
    return { rows: page, hasMore, readUpTo };
  }

  private shape(r: ChatRow, ms: Array<{ user_id: string; is_creator: boolean }>): ChatShape {
    return {
      id: r.id,
      chatType: Number(r.chat_type) as 0 | 1,
      creatorId: r.creator_id,
      members: ms.filter((m) => !m.is_creator).map((m) => m.user_id),
      title: r.title,
      unread: Number(r.unread) || 0,
      createdAt: new Date(r.created_at).toISOString(),
      lastActivityAt: new Date(r.last_activity_at).toISOString(),
    };
  }
}
