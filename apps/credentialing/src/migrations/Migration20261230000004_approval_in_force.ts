import { Migration } from '@mikro-orm/migrations';

/**
 * Recredentialing keeps the approval in force visible: the grid row says whether an earlier
 * approval is in force while the new cycle runs (`approval_in_force`; its due date stays in
 * `recredentialing_due_on`), and such a file past its due date is `Lapsed`. The files projection's
 * checkpoint is dropped so that the service rebuilds the rows (and every file's earlier cycles and
 * history) from the events at boot. Frozen.
 */
export class Migration20261230000004ApprovalInForce extends Migration {
  override name = 'Migration20261230000004_approval_in_force';
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE credentialing_files ADD COLUMN IF NOT EXISTS approval_in_force boolean NOT NULL DEFAULT false`);
    this.addSql(`
      CREATE OR REPLACE VIEW credentialing_file_list AS
        SELECT f.provider_id, f.cycle, f.status, f.open_items, f.next_expiry, f.recredentialing_due_on, f.last_change,
               NULLIF(trim(concat_ws(' ', COALESCE(NULLIF(trim(concat_ws(', ', p.last_name, p.first_name)), ''), p.display_name))), '') AS provider,
               p.npi,
               f.exclusion,
               CASE WHEN f.exclusion IS NOT NULL THEN 'Exclusion found' END AS exclusion_found,
               CASE WHEN f.recredentialing_due_on < current_date AND (f.status = 'Approved' OR f.approval_in_force) THEN 'Lapsed'
                    WHEN f.lapses_on < current_date THEN 'Expired' END AS monitoring,
               f.approval_in_force
          FROM credentialing_files f LEFT JOIN credentialing_profiles p ON p.id = f.provider_id`);
    this.addSql(`
      DO $$ BEGIN
        IF to_regclass('checkpoints') IS NOT NULL THEN
          DELETE FROM checkpoints WHERE name = 'credentialing-files';
        END IF;
      END $$`);
  }
}
