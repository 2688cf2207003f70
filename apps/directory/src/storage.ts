import type { ServiceStorage } from '@app/nest-kit';
import { directoryMigrations } from './migrations';

/** What directory keeps in Postgres besides its event store: the registry mirror (plain SQL tables). */
export const directoryStorage: ServiceStorage = { entities: [], migrations: directoryMigrations };
