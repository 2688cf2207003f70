export * from './subjects';
export * from './realtime';
export * as identity from './identity';
export * as notifications from './notifications';
