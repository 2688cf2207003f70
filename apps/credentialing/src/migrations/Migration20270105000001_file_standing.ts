import { Migration } from '@mikro-orm/migrations';

/**
 * The files grid's Status filter finds a provider by their standing: `Approved` while an approval
 * is in force, even when recredentialing runs (the row shows `Approved · recredentialing`); other
 * statuses by the current cycle's status. `standing` is appended to the view (the grid's
 * `standing` field). Frozen.
 */
export class Migration20270105000001FileStanding extends Migration {
  override name = 'Migration20270105000001_file_standing';
  override async up(): Promise<void> {
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
               CASE WHEN f.approval_in_force AND f.status <> 'Denied' THEN 'Approved' ELSE f.status END AS standing
          FROM credentialing_files f LEFT JOIN credentialing_profiles p ON p.id = f.provider_id`);
  }
}
