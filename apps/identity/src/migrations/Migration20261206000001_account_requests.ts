import { Migration } from '@mikro-orm/migrations';

/**
 * 'Request an account': the read model of account requests (the master admin's
 * view, pending ones first). One pending request per email is a claim of the store's claims
 * table (account-requests/account-request.writer.ts).
 */
export class Migration20261206000001AccountRequests extends Migration {
  override name = 'Migration20261206000001_account_requests';
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE IF NOT EXISTS account_requests (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        mobile text NOT NULL,
        npi text,
        practice text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        requested_at timestamptz NOT NULL,
        decided_at timestamptz,
        decided_by uuid,
        user_id uuid,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS account_requests_status_idx ON account_requests (status, requested_at)`);
  }
}
