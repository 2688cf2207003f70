import { bootstrapDomainService } from '@app/nest-kit';
import { PracticesModule } from './practices.module';
import { practicesStorage } from './storage';

bootstrapDomainService({ context: 'practices', module: PracticesModule, storage: practicesStorage }).catch(() => process.exit(1));
