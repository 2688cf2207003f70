import type { ServiceStorage } from '@app/nest-kit';
import { credentialingMigrations } from './migrations';

/** What credentialing keeps in Postgres besides its event store: plain SQL read models (see the migration). */
export const credentialingStorage: ServiceStorage = { entities: [], migrations: credentialingMigrations };
