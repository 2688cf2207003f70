/**
 * Brings every service's schema up to date (event store tables and read-model migrations).
 * `node dist/scripts/migrate.js` — used by `npm start`, the compose `migrate` service and the k8s Job.
 */
import { BOUNDED_CONTEXTS, type BoundedContext } from '@app/contracts';
import { ensureDatabase, loadConfig, baseConfigSchema, migrateService, type ServiceStorage } from '@app/nest-kit';
import { directoryStorage } from '../apps/directory/src/storage';
import { identityStorage } from '../apps/identity/src/storage';
import { messagingStorage } from '../apps/messaging/src/storage';
import { notificationsStorage } from '../apps/notifications/src/storage';
import { practicesStorage } from '../apps/practices/src/storage';
import { credentialingStorage } from '../apps/credentialing/src/storage';

export const storages: Record<BoundedContext, ServiceStorage> = {
  identity: identityStorage,
  directory: directoryStorage,
  practices: practicesStorage,
  messaging: messagingStorage,
  notifications: notificationsStorage,
  credentialing: credentialingStorage,
};

export async function migrateAll(databaseUrl: string, log: (m: string) => void = console.log): Promise<void> {
  if (await ensureDatabase(databaseUrl)) log(`created database ${new URL(databaseUrl).pathname.slice(1)}`);
  for (const context of BOUNDED_CONTEXTS) {
    const { applied } = await migrateService(databaseUrl, { ...storages[context], schema: context });
    log(`${context}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
  }
}

if (require.main === module) {
  const config = loadConfig(baseConfigSchema);
  migrateAll(config.DATABASE_URL).catch((e) => {
    console.error(`migration failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
}
