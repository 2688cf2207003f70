import { CredentialingController } from './credentialing.controller';
import { MonitoringController } from './monitoring.controller';
import { NoticeController } from './notice.controller';
import { PacketController } from './packet/packet.controller';

export const credentialingControllers = [CredentialingController, MonitoringController, NoticeController, PacketController];
