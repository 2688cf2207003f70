import type { ServiceStorage } from '@app/nest-kit';
import { CLAIMS_TABLE_DDL } from '@app/event-store';
import { FACILITIES_TABLE_DDL } from './read-models/facilities.schema';
import { directoryMigrations } from './migrations';
import { PROFILES_TABLE_DDL } from './read-models/profiles.schema';
import {
  ENDPOINTS_TABLE,
  PROVIDERS_TABLE,
  REGISTRY_IMPORTS_DDL,
  WORD_COUNTS_TABLE,
  WORDS_TABLE,
  endpointsTableDdl,
  orgWordCountsTableDdl,
  orgWordsTableDdl,
  providersTableDdl,
} from './registry/schema';

/** What directory keeps in Postgres besides its event store: profiles, facilities and the registry mirror (plain SQL tables). */
export const directoryStorage: ServiceStorage = {
  entities: [],
  migrations: directoryMigrations,
  expectedTables: [
    PROFILES_TABLE_DDL,
    FACILITIES_TABLE_DDL,
    CLAIMS_TABLE_DDL,
    providersTableDdl(PROVIDERS_TABLE),
    endpointsTableDdl(ENDPOINTS_TABLE),
    orgWordsTableDdl(WORDS_TABLE),
    orgWordCountsTableDdl(WORD_COUNTS_TABLE),
    REGISTRY_IMPORTS_DDL,
  ],
};
