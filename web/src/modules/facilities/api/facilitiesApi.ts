import type { GridFilters, GridQuery } from '../../grid';
import { apiClient } from '../../session/api/apiClient';
import type {
  AllFacilitiesReply,
  DeleteFacilityReply,
  FacilityCountReply,
  FacilityPayload,
  FacilityReply,
  NpiSearchReply,
  NpiType,
  SearchNppesReply,
} from '../types/facility';

const USERS = '/api/users';
const V1_USERS = '/api/v1/users';

/**
 * The facility calls (spec §7; all with the session token; the server keeps each admin's
 * facilities to that admin) and the registry look-ups of the Add Facility search.
 */
export const facilitiesApi = {
  list: (query: GridQuery) =>
    apiClient.get<AllFacilitiesReply>(`${USERS}/allFacilities`, {
      auth: true,
      query: { skip: query.skip, limit: query.limit, filters: JSON.stringify(query.filters), sorting: JSON.stringify(query.sorting) },
    }),
  count: (filters: GridFilters) =>
    apiClient.get<FacilityCountReply>(`${USERS}/facility/count`, { auth: true, query: { filters: JSON.stringify(filters) } }),
  add: (payload: FacilityPayload) => apiClient.put<FacilityReply>(`${V1_USERS}/addFacility`, payload, { auth: true }),
  update: (facilityId: string, payload: FacilityPayload) =>
    apiClient.post<FacilityReply>(`${V1_USERS}/updateFacility`, { facilityId, ...payload }, { auth: true }),
  remove: (facilityId: string) => apiClient.delete<DeleteFacilityReply>(`${V1_USERS}/deleteFacility`, { facilityId }, { auth: true }),
  /** 'Last, First', an organisation name or NPI digits; npiType 1 people, 2 organisations. */
  searchRegistry: (searchTerm: string, npiType: NpiType, signal?: AbortSignal) =>
    apiClient.get<NpiSearchReply>('/api/v1/npi/search', { auth: true, query: { searchTerm, npiType }, signal }),
  /** One NPI's registry record (the drawer's pre-fill). */
  lookupNpi: (npi: string) => apiClient.get<SearchNppesReply>('/api/npi/searchNppes', { auth: true, query: { npi } }),
};

export type FacilitiesApi = typeof facilitiesApi;
