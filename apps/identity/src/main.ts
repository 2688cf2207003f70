import { ConfigError, bootstrapDomainService, createLogger } from '@app/nest-kit';
import { loadIdentityConfig } from './config';
import { IdentityModule } from './identity.module';
import { identityStorage } from './storage';

// Fail fast, naming the variable, before migrating or connecting anything.
try {
  loadIdentityConfig();
} catch (e) {
  createLogger('identity').fatal(e instanceof ConfigError ? e.message : String(e));
  process.exit(1);
}

bootstrapDomainService({ context: 'identity', module: IdentityModule, storage: identityStorage }).catch(() => process.exit(1));
