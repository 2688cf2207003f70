import { CredentialingController } from './credentialing.controller';

export const credentialingControllers = [CredentialingController];
