import { atom } from 'jotai';
import { EMPTY_DRAFT } from '../logic/facilityForm';
import type { Facility, FacilityDraft } from '../types/facility';

export type FacilityDrawerState = {
  open: boolean;
  /** create: 'Create New Facility Profile'; edit: Edit Record of a listed facility. */
  mode: 'create' | 'edit';
  /** The values the drawer opens with (a registry pick, a facility, or empty). */
  draft: FacilityDraft;
  /** The facility being edited. */
  facility?: Facility;
  /** The pre-fill came from the sample registry. */
  sampleData?: boolean;
  /** Bumped on every opening so the form re-reads the draft. */
  version: number;
};

export const CLOSED_FACILITY_DRAWER: FacilityDrawerState = { open: false, mode: 'create', draft: EMPTY_DRAFT, version: 0 };

/** The Create New Facility Profile / edit drawer. */
export const facilityDrawerAtom = atom<FacilityDrawerState>(CLOSED_FACILITY_DRAWER);
