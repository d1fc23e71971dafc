// biome-ignore-all lint/a11y/useSemanticElements: a virtualised body is absolutely positioned divs, so the table is built from ARIA roles
// biome-ignore-all lint/a11y/useFocusableInteractive: rows and cells are read, not operated; their buttons and inputs take focus
import { sortOf } from '../../machines/gridQuery.ts';
import { FilterInput } from './FilterInput.tsx';
import type { GridColumn } from './types.ts';

interface GridHeaderProps<T> {
  columns: GridColumn<T>[];
  template: string;
  sort: string | null;
  filters: Record<string, string>;
  onSort: (key: string) => void;
  onFilter: (key: string, value: string) => void;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Column titles (sort buttons with aria-sort) and, when any column filters, a row of filter inputs. */
export function GridHeader<T>({ columns, template, sort, filters, onSort, onFilter }: GridHeaderProps<T>) {
  const current = sortOf(sort);
  const anyFilter = columns.some((column) => column.filterable);
  return (
    <div role="rowgroup" className="w-grid__head">
      <div role="row" className="w-grid__row w-grid__row--head" style={{ gridTemplateColumns: template }}>
        {columns.map((column) => {
          const direction = current?.key === column.key ? current.direction : null;
          return (
            <div
              key={column.key}
              role="columnheader"
              className={`w-grid__cell w-grid__cell--head${column.pin === 'right' ? ' is-pinned' : ''}`}
              aria-sort={direction ? ARIA_SORT[direction] : column.sortable ? 'none' : undefined}
            >
              {column.sortable ? (
                <button type="button" className="w-grid__sort" onClick={() => onSort(column.key)}>
                  {column.title}
                  <span aria-hidden="true" className="w-grid__sort-mark">
                    {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                  </span>
                </button>
              ) : (
                column.title
              )}
            </div>
          );
        })}
      </div>
      {anyFilter ? (
        <div
          role="row"
          className="w-grid__row w-grid__row--filters"
          style={{ gridTemplateColumns: template }}
        >
          {columns.map((column) => (
            <div
              key={column.key}
              role="cell"
              className={`w-grid__cell${column.pin === 'right' ? ' is-pinned' : ''}`}
            >
              {column.filterable ? (
                <FilterInput
                  column={column}
                  value={filters[column.key] ?? ''}
                  onApply={(value) => onFilter(column.key, value)}
                />
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
