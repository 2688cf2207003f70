import { bootstrapDomainService } from '@app/nest-kit';
import { IdentityModule } from './identity.module';
import { identityStorage } from './storage';

bootstrapDomainService({ context: 'identity', module: IdentityModule, storage: identityStorage }).catch(() => process.exit(1));
