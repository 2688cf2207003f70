import type { ServiceStorage } from '@app/nest-kit';
import { practicesMigrations } from './migrations';

/** What practices keeps in Postgres besides its event store: read models, claims, the directory's people (plain SQL tables). */
export const practicesStorage: ServiceStorage = { entities: [], migrations: practicesMigrations };
