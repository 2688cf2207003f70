import type { MigrationDef } from '@app/nest-kit';
import { Migration20261212000001Practices } from './Migration20261212000001_practices';
import { Migration20261228000001Claims } from './Migration20261228000001_claims';

export const practicesMigrations: MigrationDef[] = [
  { name: 'Migration20261212000001_practices', class: Migration20261212000001Practices },
  { name: 'Migration20261228000001_claims', class: Migration20261228000001Claims },
];
