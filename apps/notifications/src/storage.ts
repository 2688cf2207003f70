import type { ServiceStorage } from '@app/nest-kit';

/** What notifications keeps in Postgres besides its event store (read models arrive with its features). */
export const notificationsStorage: ServiceStorage = { entities: [], migrations: [] };
