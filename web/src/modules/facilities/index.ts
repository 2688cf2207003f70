export { facilitiesApi } from './api/facilitiesApi';
export { FacilitiesScreen } from './components/FacilitiesScreen';
export { FACILITIES_TITLE } from './logic/facilityConstants';
export type { Facility, FacilityPayload, NpiType } from './types/facility';
