import { Migration } from '@mikro-orm/migrations';

/**
 * Read models never enforce cross-stream invariants: the event store may hand two
 * accounts' changes to the projection in another order than they were decided (a mobile that
 * moves from A to B can arrive at B first), and a UNIQUE constraint here would stop the
 * projection for good. Uniqueness lives in `account_uniques`, written in the append's
 * transaction. The look-ups keep plain indexes.
 */
export class Migration20261205000001AccountsNotUnique extends Migration {
  override name = 'Migration20261205000001_accounts_not_unique';
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE accounts DROP CONSTRAINT IF EXISTS accounts_user_name_lower_key`);
    this.addSql(`ALTER TABLE accounts DROP CONSTRAINT IF EXISTS accounts_email_lower_key`);
    this.addSql(`ALTER TABLE accounts DROP CONSTRAINT IF EXISTS accounts_mobile_key`);
    this.addSql(`CREATE INDEX IF NOT EXISTS accounts_user_name_lower_idx ON accounts (user_name_lower)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS accounts_email_lower_idx ON accounts (email_lower)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS accounts_mobile_idx ON accounts (mobile)`);
  }
}
