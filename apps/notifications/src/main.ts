import { bootstrapDomainService } from '@app/nest-kit';
import { NotificationsModule } from './notifications.module';
import { notificationsStorage } from './storage';

bootstrapDomainService({ context: 'notifications', module: NotificationsModule, storage: notificationsStorage }).catch(() => process.exit(1));
