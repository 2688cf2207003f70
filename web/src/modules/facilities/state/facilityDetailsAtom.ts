import { atom } from 'jotai';
import type { Facility } from '../types/facility';

/** The facility whose details drawer is open (Show Details, or a click on its NPI). */
export const facilityDetailsAtom = atom<Facility | null>(null);
