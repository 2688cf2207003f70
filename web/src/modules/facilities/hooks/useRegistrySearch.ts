import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { facilitiesApi } from '../api/facilitiesApi';
import { FACILITY_SEARCH_DEBOUNCE_MS } from '../logic/facilityConstants';
import type { NpiType, ProviderListItem } from '../types/facility';

export type RegistrySearchState = {
  /** The term the results belong to ('' before any search). */
  term: string;
  results: ProviderListItem[];
  loading: boolean;
  sampleData: boolean;
};

const IDLE: RegistrySearchState = { term: '', results: [], loading: false, sampleData: false };

/**
 * Searches the registry 300 ms after the last keystroke, one query per term and NPI type (an
 * older answer never replaces a newer term's: each has its key); the last results stay while the
 * next load. A failed search shows no results (written to the console by the API client).
 */
export function useRegistrySearch(term: string, npiType: NpiType): RegistrySearchState {
  const trimmed = term.trim();
  const debounced = useDebouncedValue(trimmed, FACILITY_SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['registry', 'search', npiType, debounced],
    queryFn: async ({ signal }) => {
      const reply = await facilitiesApi.searchRegistry(debounced, npiType, signal);
      return { term: debounced, results: reply.providers ?? [], sampleData: reply.sampleData === true };
    },
    enabled: Boolean(debounced),
    placeholderData: keepPreviousData,
  });
  if (!trimmed) return IDLE;
  const loading = trimmed !== debounced || search.isFetching;
  if (search.isError) return { term: debounced, results: [], loading, sampleData: false };
  return { term: search.data?.term ?? '', results: search.data?.results ?? [], loading, sampleData: search.data?.sampleData ?? false };
}
