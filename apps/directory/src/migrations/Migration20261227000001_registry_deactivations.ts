import { Migration } from '@mikro-orm/migrations';

/** The NPIs of profiles announced deactivated (RegistryNpiDeactivated), and the last import looked at. Frozen. */
export class Migration20261227000001RegistryDeactivations extends Migration {
  override name = 'Migration20261227000001_registry_deactivations';
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE IF NOT EXISTS registry_deactivations_announced (npi text PRIMARY KEY, deactivation_date date, import_id bigint NOT NULL, announced_at timestamptz NOT NULL DEFAULT now())`);
    this.addSql(`CREATE TABLE IF NOT EXISTS registry_deactivation_watch (id integer PRIMARY KEY CHECK (id = 1), last_import_id bigint NOT NULL)`);
  }
}
