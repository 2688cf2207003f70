export * from './rpc';
export * from './account-registered.v1';
export * from './account-security.v1';
