import { bootstrapDomainService } from '@app/nest-kit';
import { CredentialingModule } from './credentialing.module';
import { credentialingStorage } from './storage';

bootstrapDomainService({ context: 'credentialing', module: CredentialingModule, storage: credentialingStorage }).catch(() => process.exit(1));
