import type { ServiceStorage } from '@app/nest-kit';
import { messagingMigrations } from './migrations';

/**
 * What messaging keeps in Postgres besides its event store: the read models of
 * migrations/ (written by read-models/chats.projection.ts and users/, read with SQL).
 */
export const messagingStorage: ServiceStorage = { entities: [], migrations: messagingMigrations };
