import { bootstrapDomainService } from '@app/nest-kit';
import { MessagingModule } from './messaging.module';
import { messagingStorage } from './storage';

bootstrapDomainService({ context: 'messaging', module: MessagingModule, storage: messagingStorage }).catch(() => process.exit(1));
