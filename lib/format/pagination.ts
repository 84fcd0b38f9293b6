// Transcript list pagination (page sizes, the 5-button window, the range line).
// No zod here: the dashboard loads this module at first paint, and the list contract imports it.

/** Default page size 20. */
export const DEFAULT_PAGE_SIZE = 20;
/** Options 10, 20, 50, 100 (default 20). */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
/** Up to 5 page buttons. */
export const PAGE_WINDOW_SIZE = 5;

/**
 * Pages 1-5 when there are 5 or fewer pages or the current page is 3 or lower;
 * the last 5 pages when the current page is within 2 of the end; otherwise current-2 to current+2.
 */
export function pageWindow(currentPage: number, totalPages: number): number[] {
  if (totalPages < 1) return [];
  const half = Math.floor(PAGE_WINDOW_SIZE / 2);
  let first: number;
  if (totalPages <= PAGE_WINDOW_SIZE || currentPage <= half + 1) first = 1;
  else if (currentPage >= totalPages - half) first = totalPages - PAGE_WINDOW_SIZE + 1;
  else first = currentPage - half;
  const last = Math.min(totalPages, first + PAGE_WINDOW_SIZE - 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** 'Showing a - b of total transcripts' for a page of the list. */
export function showingRangeText(page: number, pageSize: number, total: number): string {
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} - ${to} of ${total} transcripts`;
}

/** Previous is disabled on page 1, Next on the last page. */
export function canGoPrevious(page: number): boolean {
  return page > 1;
}

export function canGoNext(page: number, totalPages: number): boolean {
  return page < totalPages;
}

/** A page size from storage or input, or the default when it is not one of the options. */
export function parsePageSize(value: unknown): number {
  const size = Number(value);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}
