import { CLAIMS_TABLE_DDL } from '@app/event-store';
import type { ServiceStorage } from '@app/nest-kit';
import { identityMigrations } from './migrations';
import { Account } from './read-models/account.entity';

/** What identity keeps in Postgres besides its event store. */
export const identityStorage: ServiceStorage = { entities: [Account], migrations: identityMigrations, expectedTables: [CLAIMS_TABLE_DDL] };
