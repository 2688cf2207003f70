import { Migration } from '@mikro-orm/migrations';

/** Sessions read model: a token is honoured only while its session is here, live and unexpired. */
export class Migration20261121000002Sessions extends Migration {
  override name = 'Migration20261121000002_sessions';
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE IF NOT EXISTS sessions (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason text,
        ip text,
        browser text,
        os text
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account_id) WHERE revoked_at IS NULL`);
  }
}
