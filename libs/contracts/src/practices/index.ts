export * from './practice-name';
export * from './practices';
export * from './practices.v1';
export * from './export';
