export * from './notification';
export * from './rpc';
