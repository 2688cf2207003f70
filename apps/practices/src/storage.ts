import type { ServiceStorage } from '@app/nest-kit';
import { practicesMigrations } from './migrations';
import { CLAIMS_TABLE_DDL } from '@app/event-store';
import { PRACTICE_PEOPLE_DDL, PRACTICE_USERS_TABLE_DDL, PRACTICES_TABLE_DDL } from './read-models/practices.schema';

/** What practices keeps in Postgres besides its event store: read models, claims, the directory's people (plain SQL tables). */
export const practicesStorage: ServiceStorage = {
  entities: [],
  migrations: practicesMigrations,
  expectedTables: [PRACTICES_TABLE_DDL, PRACTICE_USERS_TABLE_DDL, PRACTICE_PEOPLE_DDL, CLAIMS_TABLE_DDL],
};
