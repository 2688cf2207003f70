export * from './fields';
export * from './text';
export * from './npi';
