import { DEFAULT_PAGE_SIZES, pageBounds, paginationWindow } from '../../shared/pagination.ts';
import { pluralRu } from '../../shared/plural.ts';

const RECORD_FORMS = ['запись', 'записи', 'записей'] as const;

/** The page size that shows every row on one page; 'показывать по:' reads «Все» for it. */
export const ALL_ROWS = 100_000;

interface PaginationHeaderProps {
  currentPage: number;
  perPage: number;
  totalCount: number;
  pageSizes?: readonly number[];
  onPageSize: (perPage: number) => void;
}

/** 'Показаны {from} - {to} из {n} записей' with the 'показывать по:' page-size choice (spec 9). */
export function PaginationHeader({
  currentPage,
  perPage,
  totalCount,
  pageSizes = DEFAULT_PAGE_SIZES,
  onPageSize,
}: PaginationHeaderProps) {
  const { from, to } = pageBounds(currentPage, perPage, totalCount);
  const sizes = pageSizes.includes(perPage) ? pageSizes : [...pageSizes, perPage].sort((a, b) => a - b);
  return (
    <div className="w-pagination-header">
      <span role="status">
        Показаны {from} - {to} из {totalCount} {pluralRu(totalCount, RECORD_FORMS)}
      </span>
      <label className="w-pagination-header__size">
        показывать по:
        <select
          className="w-input"
          value={perPage}
          onChange={(event) => onPageSize(Number(event.target.value))}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size >= ALL_ROWS ? 'Все' : size}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

interface PaginationControlProps {
  currentPage: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Page buttons by the window rule of spec 4.2; the arrows are inactive at the ends. */
export function PaginationControl({ currentPage, pageCount, onPage }: PaginationControlProps) {
  const pages = paginationWindow(currentPage, pageCount);
  return (
    <nav className="w-pagination" aria-label="Страницы">
      <button
        type="button"
        className="w-pagination__arrow"
        aria-label="Предыдущая страница"
        disabled={currentPage <= 1}
        onClick={() => onPage(currentPage - 1)}
      >
        ‹
      </button>
      {pages.map((page) => (
        <button
          key={page}
          type="button"
          className={`w-pagination__page${page === currentPage ? ' is-current' : ''}`}
          aria-label={`Страница ${page}`}
          aria-current={page === currentPage ? 'page' : undefined}
          onClick={() => onPage(page)}
        >
          {page}
        </button>
      ))}
      <button
        type="button"
        className="w-pagination__arrow"
        aria-label="Следующая страница"
        disabled={currentPage >= pageCount}
        onClick={() => onPage(currentPage + 1)}
      >
        ›
      </button>
    </nav>
  );
}
