export * from './credentialing';
export * from './credentialing.v1';
