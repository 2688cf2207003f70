import { Migration } from '@mikro-orm/migrations';
import { GRID_SETUP_DDL } from '@app/grid';
import { PROVIDERS_TABLE, REGISTRY_FUNCTIONS_DDL, REGISTRY_IMPORTS_DDL, providersIndexDdl, providersTableDdl } from '../registry/schema';

/** The national provider registry mirror (issue #10): providers, their search indexes, the import log. */
export class Migration20261210000001Registry extends Migration {
  override name = 'Migration20261210000001_registry';
  override async up(): Promise<void> {
    // unaccent, pg_trgm and the IMMUTABLE public.f_unaccent wrapper (idempotent, shared with the grids).
    for (const sql of GRID_SETUP_DDL) this.addSql(sql);
    for (const sql of REGISTRY_FUNCTIONS_DDL) this.addSql(sql);
    this.addSql(providersTableDdl(PROVIDERS_TABLE));
    for (const sql of providersIndexDdl(PROVIDERS_TABLE, 0)) this.addSql(sql);
    this.addSql(REGISTRY_IMPORTS_DDL);
  }
}
