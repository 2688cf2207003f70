import { atom } from 'jotai';

/**
 * The signed-in page (path, query and hash) a signed-out user asked for: the route guard keeps
 * it when it sends them home to log in, and the 2FA dialog goes there after signing in instead
 * of the default page. Null when there is none.
 */
export const returnPathAtom = atom<string | null>(null);
