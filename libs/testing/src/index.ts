export * from './test-database';
export * from './test-nats';
export * from './eventually';
export * from './pdf-text';
