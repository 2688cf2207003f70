export * from './registry-result';
export * from './registry';
export * from './profiles';
export * from './profiles.v1';
export * from './facilities';
export * from './facilities.v1';
export * from './fhir';
export * from './registry-events.v1';
