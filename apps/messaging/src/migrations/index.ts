import type { MigrationDef } from '@app/nest-kit';
import { Migration20261201000001Chats } from './Migration20261201000001_chats';

export const messagingMigrations: MigrationDef[] = [{ name: 'Migration20261201000001_chats', class: Migration20261201000001Chats }];
