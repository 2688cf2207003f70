import type { MigrationDef } from '@app/nest-kit';
import { Migration20261212000001Practices } from './Migration20261212000001_practices';

export const practicesMigrations: MigrationDef[] = [{ name: 'Migration20261212000001_practices', class: Migration20261212000001Practices }];
