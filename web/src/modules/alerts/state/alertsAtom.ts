import { atom } from 'jotai';
import type { Alert } from '../types/alert';

/** The alerts currently held for the toast area, newest first. */
export const alertsAtom = atom<Alert[]>([]);
