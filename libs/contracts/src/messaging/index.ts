export * from './views';
export * from './files';
export * from './rpc';
export * from './events.v1';
