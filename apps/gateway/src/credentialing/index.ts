import { CommitteeController } from './committee.controller';
import { CredentialingController } from './credentialing.controller';
import { MonitoringController } from './monitoring.controller';
import { NoticeController } from './notice.controller';
import { KeepCurrentController } from './keep-current.controller';

export const credentialingControllers = [CredentialingController, MonitoringController, NoticeController, CommitteeController, KeepCurrentController];
