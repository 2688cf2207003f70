import { Migration } from '@mikro-orm/migrations';

/**
 * Re-attestation every 120 days: the files grid keeps the current attestation's due date
 * (`attestation_due_on`, null while none is signed) and says `Lapsed` after it (the grid's
 * `attestation` field, a filter); the daily reminders read the due date. The files projection's
 * checkpoint is dropped so that the service rebuilds the rows from the events at boot. Frozen.
 */
export class Migration20270106000001AttestationDue extends Migration {
  override name = 'Migration20270106000001_attestation_due';
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE credentialing_files ADD COLUMN IF NOT EXISTS attestation_due_on date`);
    this.addSql(`
      CREATE OR REPLACE VIEW credentialing_file_list AS
        SELECT f.provider_id, f.cycle, f.status, f.open_items, f.next_expiry, f.recredentialing_due_on, f.last_change,
               NULLIF(trim(concat_ws(' ', COALESCE(NULLIF(trim(concat_ws(', ', p.last_name, p.first_name)), ''), p.display_name))), '') AS provider,
               p.npi,
               f.exclusion,
               CASE WHEN f.exclusion IS NOT NULL THEN 'Exclusion found' END AS exclusion_found,
               CASE WHEN f.recredentialing_due_on < current_date AND (f.status = 'Approved' OR f.approval_in_force) THEN 'Lapsed'
                    WHEN f.lapses_on < current_date THEN 'Expired' END AS monitoring,
               f.approval_in_force,
               CASE WHEN f.approval_in_force AND f.status <> 'Denied' THEN 'Approved' ELSE f.status END AS standing,
               f.attestation_due_on,
               CASE WHEN f.attestation_due_on < current_date THEN 'Lapsed' END AS attestation
          FROM credentialing_files f LEFT JOIN credentialing_profiles p ON p.id = f.provider_id`);
    this.addSql(`
      DO $$ BEGIN
        IF to_regclass('checkpoints') IS NOT NULL THEN
          DELETE FROM checkpoints WHERE name = 'credentialing-files';
        END IF;
      END $$`);
  }
}
