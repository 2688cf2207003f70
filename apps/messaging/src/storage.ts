import type { ServiceStorage } from '@app/nest-kit';

/** What messaging keeps in Postgres besides its event store (read models arrive with its features). */
export const messagingStorage: ServiceStorage = { entities: [], migrations: [] };
