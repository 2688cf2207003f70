export * from './subjects';
export * from './realtime';
export * as identity from './identity';
export * as notifications from './notifications';
export * as directory from './directory';
export * as messaging from './messaging';
export * as practices from './practices';
export * as credentialing from './credentialing';
export * from './grid';
