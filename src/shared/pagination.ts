/** Pagination state of a grid (spec 3.3). */
export interface PaginationState {
  currentPage: number;
  pageCount: number;
  perPage: number;
  totalCount: number;
}

/** Defaults of spec 3.3: page 1, page count 10, 20 per page, total 0. */
export const DEFAULT_PAGINATION: PaginationState = {
  currentPage: 1,
  pageCount: 10,
  perPage: 20,
  totalCount: 0,
};

/** Page sizes offered by 'показывать по:' unless a screen gives its own (spec 9). */
export const DEFAULT_PAGE_SIZES: readonly number[] = [5, 10, 15, 20, 50];

/** How many page buttons the window shows at most before the end rule adds one (spec 4.2). */
const WINDOW = 10;

/** Page numbers of the pagination control (spec 4.2): `paginationWindow(8, 20)` is [2 … 12]. */
export function paginationWindow(currentPage: number, pageCount: number): number[] {
  if (pageCount < 1) return [];
  let first: number;
  let last: number;
  if (pageCount < WINDOW) {
    first = 1;
    last = pageCount;
  } else if (currentPage < 7) {
    first = 1;
    last = WINDOW;
  } else if (currentPage + 4 > pageCount) {
    first = pageCount - WINDOW;
    last = pageCount;
  } else {
    first = currentPage - 6;
    last = currentPage + 4;
  }
  first = Math.max(1, first);
  last = Math.min(pageCount, last);
  const pages: number[] = [];
  for (let page = first; page <= last; page += 1) pages.push(page);
  return pages;
}

/** First and last row numbers shown on a page: `pageBounds(2, 20, 45)` is { from: 21, to: 40 }. */
export function pageBounds(
  currentPage: number,
  perPage: number,
  totalCount: number,
): { from: number; to: number } {
  if (totalCount <= 0) return { from: 0, to: 0 };
  const from = Math.min((currentPage - 1) * perPage + 1, totalCount);
  return { from, to: Math.min(currentPage * perPage, totalCount) };
}
