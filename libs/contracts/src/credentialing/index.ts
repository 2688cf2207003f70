export * from './credentialing';
export * from './credentialing.v1';
export * from './monitoring';
export * from './calls';
export * from './verification-sources';
export * from './nppes-resolution';
export * from './notice';
export * from './notice-calls';
