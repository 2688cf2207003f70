import type { MigrationDef } from '@app/nest-kit';
import { Migration20261226000001Credentialing } from './Migration20261226000001_credentialing';

export const credentialingMigrations: MigrationDef[] = [
  { name: 'Migration20261226000001_credentialing', class: Migration20261226000001Credentialing },
];
