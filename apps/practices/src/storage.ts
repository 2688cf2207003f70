import type { ServiceStorage } from '@app/nest-kit';

/** What practices keeps in Postgres besides its event store (read models arrive with its features). */
export const practicesStorage: ServiceStorage = { entities: [], migrations: [] };
