import type { MigrationDef } from '@app/nest-kit';
import { Migration20261121000001Accounts } from './Migration20261121000001_accounts';
import { Migration20261121000002Sessions } from './Migration20261121000002_sessions';
import { Migration20261122000001Security } from './Migration20261122000001_security';

export const identityMigrations: MigrationDef[] = [
  { name: 'Migration20261121000001_accounts', class: Migration20261121000001Accounts },
  { name: 'Migration20261121000002_sessions', class: Migration20261121000002Sessions },
  { name: 'Migration20261122000001_security', class: Migration20261122000001Security },
];
