import { CredentialingController } from './credentialing.controller';
import { MonitoringController } from './monitoring.controller';

export const credentialingControllers = [CredentialingController, MonitoringController];
