export * from './subjects';
