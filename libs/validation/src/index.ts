export * from './fields';
