import { Migration } from '@mikro-orm/migrations';
import { GRID_SETUP_DDL, gridIndexDdl } from '@app/grid';
import { FACILITIES_GRID, FACILITIES_LOOKUP_INDEXES, FACILITIES_TABLE_DDL, FACILITY_NPI_CLAIMS_DDL } from '../facilities/facilities.schema';

/** Facilities (issue #10): the read model with its grid indexes, and the write side's NPI claims. */
export class Migration20261220000001Facilities extends Migration {
  override name = 'Migration20261220000001_facilities';
  override async up(): Promise<void> {
    for (const sql of GRID_SETUP_DDL) this.addSql(sql);
    this.addSql(FACILITIES_TABLE_DDL);
    for (const sql of gridIndexDdl(FACILITIES_GRID)) this.addSql(sql);
    for (const sql of FACILITIES_LOOKUP_INDEXES) this.addSql(sql);
    this.addSql(FACILITY_NPI_CLAIMS_DDL);
  }
}
