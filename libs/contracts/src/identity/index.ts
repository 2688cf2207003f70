export * from './rpc';
export * from './account-registered.v1';
