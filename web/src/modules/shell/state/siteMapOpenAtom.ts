import { atom } from 'jotai';

/** Whether the site map drawer is open. */
export const siteMapOpenAtom = atom(false);
