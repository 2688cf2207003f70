import { GRID_PAGE_SIZE } from '@app/contracts';

/** Rows per page (spec 001 §9 and 000 §9): the contract's. */
export { GRID_PAGE_SIZE };

/** Pages for a row count: the count divided by the page size, rounded up. */
export function totalPagesOf(count: number, pageSize: number = GRID_PAGE_SIZE): number {
  return count > 0 ? Math.ceil(count / pageSize) : 0;
}

/** Rows skipped before a page: 10 × (page − 1). */
export function skipOf(page: number, pageSize: number = GRID_PAGE_SIZE): number {
  return pageSize * (Math.max(1, page) - 1);
}

/** A requested page kept between 1 and the page count; undefined when there are no pages (paging is ignored). */
export function clampPage(page: number, totalPages: number): number | undefined {
  if (totalPages <= 0) return undefined;
  return Math.min(Math.max(1, Math.trunc(page)), totalPages);
}

/** The pager's text: 'Page X of Y', or 'No Results' when there are no pages. */
export function pagerText(page: number, totalPages: number): string {
  return totalPages <= 0 ? 'No Results' : `Page ${page} of ${totalPages}`;
}
