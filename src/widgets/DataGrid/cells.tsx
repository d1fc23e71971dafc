import type { ReactNode } from 'react';
import type { GridColumn } from './types.ts';

const numberFormat = new Intl.NumberFormat('ru');

function fieldOf<T>(row: T, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

/** Whether a column's cells may hold React nodes (their function decides per row), not only text. */
export function isRichColumn<T>(column: GridColumn<T>): boolean {
  return column.kind === 'render' || column.kind === 'icon' || column.kind === 'renderComponent';
}

/** What one cell shows by the column's kind (spec 3.3): a serial cell on row 0 of page 2 by 20 shows 21. */
export function cellContent<T>(column: GridColumn<T>, row: T, index: number, firstSerial: number): ReactNode {
  const value = fieldOf(row, column.key);
  switch (column.kind ?? 'string') {
    case 'serial':
      return firstSerial + index;
    case 'number':
      return typeof value === 'number' ? numberFormat.format(value) : String(value ?? '');
    case 'select':
      return column.options?.find((option) => option.id === value)?.name ?? String(value ?? '');
    case 'render':
      return column.render?.(row, index) ?? null;
    case 'icon':
      return column.icon?.(row) ?? null;
    case 'renderComponent': {
      const Component = column.component;
      return Component ? <Component row={row} index={index} /> : null;
    }
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/**
 * The text of a cell whose content is plain (a string, a number, nothing), as React would draw it; null for a React
 * node. `plainText(12)` is '12', `plainText(false)` is '', `plainText(<b />)` is null.
 */
export function plainText(content: ReactNode): string | null {
  if (content === null || content === undefined || typeof content === 'boolean') return '';
  if (typeof content === 'string') return content;
  if (typeof content === 'number' || typeof content === 'bigint') return String(content);
  return null;
}

/** The class of a cell: its alignment (and pinning) as classes, so no style object is built per cell. */
export function cellClass<T>(column: GridColumn<T>): string {
  const align = column.align ?? (column.kind === 'number' ? 'right' : 'left');
  const base = align === 'left' ? 'w-grid__cell' : `w-grid__cell is-${align}`;
  return column.pin === 'right' ? `${base} is-pinned` : base;
}
