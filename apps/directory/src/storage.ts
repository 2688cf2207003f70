import type { ServiceStorage } from '@app/nest-kit';

/** What directory keeps in Postgres besides its event store (read models arrive with its features). */
export const directoryStorage: ServiceStorage = { entities: [], migrations: [] };
