import { Migration } from '@mikro-orm/migrations';

/**
 * Messaging's read models. No uniqueness across aggregates (the projection may see events of
 * different rooms in another order than they were decided): primary keys are per room or per
 * user, and the one-DM-per-pair rule lives on the write side (the DM's id comes from the pair).
 */
export class Migration20261201000001Chats extends Migration {
  override name = 'Migration20261201000001_chats';
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE IF NOT EXISTS chats (
        id uuid PRIMARY KEY,
        chat_type smallint NOT NULL CHECK (chat_type IN (0, 1)),
        creator_id uuid NOT NULL,
        title text,
        message_count integer NOT NULL DEFAULT 0,
        last_message_id uuid,
        created_at timestamptz NOT NULL,
        last_activity_at timestamptz NOT NULL
      )`);
    // One row per participant (the creator too): their unread count, how far they read, whether they deleted the DM.
    this.addSql(`
      CREATE TABLE IF NOT EXISTS chat_members (
        chat_id uuid NOT NULL,
        user_id uuid NOT NULL,
        chat_type smallint NOT NULL,
        is_creator boolean NOT NULL DEFAULT false,
        unread integer NOT NULL DEFAULT 0,
        last_read_seq integer NOT NULL DEFAULT 0,
        deleted boolean NOT NULL DEFAULT false,
        joined_at timestamptz NOT NULL,
        PRIMARY KEY (chat_id, user_id)
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS chat_members_user ON chat_members (user_id, chat_type) WHERE NOT deleted`);
    // Messages, numbered per room (seq): a page before a message is an index range, however long the room.
    this.addSql(`
      CREATE TABLE IF NOT EXISTS chat_messages (
        id uuid PRIMARY KEY,
        chat_id uuid NOT NULL,
        seq integer NOT NULL,
        sender_id uuid NOT NULL,
        msg text NOT NULL,
        is_image boolean NOT NULL,
        is_document boolean NOT NULL,
        original_file_name text,
        posted_at timestamptz NOT NULL,
        search tsvector GENERATED ALWAYS AS (
          to_tsvector('simple', CASE WHEN is_image OR is_document THEN coalesce(original_file_name, '') ELSE msg END)
        ) STORED
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS chat_messages_chat_seq ON chat_messages (chat_id, seq)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS chat_messages_search ON chat_messages USING gin (search)`);
    // The top-bar chat badge (showChatIconBadge): set by a message from someone else, cleared on request.
    this.addSql(`
      CREATE TABLE IF NOT EXISTS chat_badges (
        user_id uuid PRIMARY KEY,
        show boolean NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    // People as messaging knows them, from identity's and the directory's integration events
    // (not messaging's own events: kept by the durable consumers, each field with the stream
    // sequence it came from, so an older event never overwrites a newer one).
    this.addSql(`
      CREATE TABLE IF NOT EXISTS chat_users (
        id uuid PRIMARY KEY,
        user_name text NOT NULL DEFAULT '',
        user_name_seq bigint NOT NULL DEFAULT 0,
        display_name text NOT NULL DEFAULT '',
        display_name_seq bigint NOT NULL DEFAULT 0,
        avatar_image_url text,
        avatar_seq bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS chat_users_names ON chat_users (lower(display_name), lower(user_name))`);
  }
}
