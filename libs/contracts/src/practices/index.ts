export * from './practice-name';
export * from './practices';
export * from './practices.v1';
