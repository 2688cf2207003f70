import { atom } from 'jotai';

/** Bumped after a facility is added, changed or deleted: the grid reloads its page. */
export const facilitiesReloadAtom = atom(0);
