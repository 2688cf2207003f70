import { bootstrapDomainService } from '@app/nest-kit';
import { DirectoryModule } from './directory.module';
import { directoryStorage } from './storage';

bootstrapDomainService({ context: 'directory', module: DirectoryModule, storage: directoryStorage }).catch(() => process.exit(1));
