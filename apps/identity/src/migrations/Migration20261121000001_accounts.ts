import { Migration } from '@mikro-orm/migrations';

/** Accounts read model, uniqueness reservations and the credential store. */
export class Migration20261121000001Accounts extends Migration {
  override name = 'Migration20261121000001_accounts';
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE IF NOT EXISTS accounts (
        id uuid PRIMARY KEY,
        user_name varchar(20) NOT NULL,
        user_name_lower varchar(20) NOT NULL UNIQUE,
        email varchar(320) NOT NULL,
        email_lower varchar(320) NOT NULL UNIQUE,
        mobile varchar(20) UNIQUE,
        display_name varchar(40) NOT NULL,
        first_name varchar(100),
        last_name varchar(100),
        is_admin boolean NOT NULL DEFAULT false,
        is_provider boolean NOT NULL DEFAULT false,
        is_master_admin boolean NOT NULL DEFAULT false,
        is_auditor boolean NOT NULL DEFAULT false,
        registered_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    // Written in the same transaction as the event append: uniqueness that does not wait for projections.
    this.addSql(`
      CREATE TABLE IF NOT EXISTS account_uniques (
        kind text NOT NULL,
        value text NOT NULL,
        account_id uuid NOT NULL,
        PRIMARY KEY (kind, value)
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS account_uniques_account ON account_uniques (account_id)`);
    // Secrets are kept out of the event log: argon2id hashes only, here.
    this.addSql(`
      CREATE TABLE IF NOT EXISTS credentials (
        account_id uuid PRIMARY KEY,
        password_hash text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}
