import { atom } from 'jotai';
import type { NpiType } from '../types/facility';

/** The npiType switch of the facilities screen: 1 individual (default), 2 organization. */
export const facilitiesNpiTypeAtom = atom<NpiType>(1);
