import { useEffect, useRef, useState } from 'react';
import { browserScheduler, type Scheduler } from '../../timing/scheduler';
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
 * Searches the registry 300 ms after the last keystroke; an older answer arriving late is
 * dropped, a failed search shows no results (written to the console by the API client).
 */
export function useRegistrySearch(term: string, npiType: NpiType, scheduler: Scheduler = browserScheduler): RegistrySearchState {
  const [state, setState] = useState<RegistrySearchState>(IDLE);
  const sequence = useRef(0);
  useEffect(() => {
    const trimmed = term.trim();
    const current = ++sequence.current;
    if (!trimmed) {
      setState(IDLE);
      return undefined;
    }
    setState((previous) => ({ ...previous, loading: true }));
    const handle = scheduler.setTimeout(() => {
      facilitiesApi.searchRegistry(trimmed, npiType).then(
        (reply) => {
          if (current !== sequence.current) return;
          setState({ term: trimmed, results: reply.providers ?? [], loading: false, sampleData: reply.sampleData === true });
        },
        () => {
          if (current !== sequence.current) return;
          setState({ term: trimmed, results: [], loading: false, sampleData: false });
        },
      );
    }, FACILITY_SEARCH_DEBOUNCE_MS);
    return () => scheduler.clearTimeout(handle);
  }, [term, npiType, scheduler]);
  return state;
}
