export * from './definition';
export * from './build-query';
export * from './indexes';
