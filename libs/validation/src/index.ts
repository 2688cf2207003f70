export * from './fields';
export * from './text';
export * from './npi';
export * from './states';
export * from './dea';
export * from './dates';
export * from './signature';
export * from './credentials';
