export * from './filter-types';
export * from './values';
export * from './query';
export * from './export';
