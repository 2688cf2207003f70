import { nextSortOrder } from '@app/contracts';
import type { GridSorting } from '../types/gridQuery';

/** The next sort order of a clicked column: unsorted (0) → ascending (1) → descending (-1) → unsorted (the contract's). */
export { nextSortOrder };

/** The sorting after a click on `field`: only that column is sorted (others are cleared). */
export function cycleSorting(sorting: GridSorting, field: string): GridSorting {
  const next = nextSortOrder(sorting[field] ?? 0);
  return next === 0 ? {} : { [field]: next };
}
