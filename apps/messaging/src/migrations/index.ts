import type { MigrationDef } from '@app/nest-kit';
import { Migration20261201000001Chats } from './Migration20261201000001_chats';
import { Migration20261227000001ProcessedEvents } from './Migration20261227000001_processed_events';

export const messagingMigrations: MigrationDef[] = [
  { name: 'Migration20261201000001_chats', class: Migration20261201000001Chats },
  { name: 'Migration20261227000001_processed_events', class: Migration20261227000001ProcessedEvents },
];
