// biome-ignore-all lint/a11y/useSemanticElements: a virtualised body is absolutely positioned divs, so the table is built from ARIA roles
// biome-ignore-all lint/a11y/useFocusableInteractive: rows and cells are read, not operated; their buttons and inputs take focus
import { type CSSProperties, type MouseEvent, type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { List, type RowComponentProps, useListRef } from 'react-window';
import type { GridColumn } from './types.ts';

const numberFormat = new Intl.NumberFormat('ru');

interface BodyRowProps<T> {
  rows: T[];
  columns: GridColumn<T>[];
  template: string;
  firstSerial: number;
  rowColor?: (row: T) => string | undefined;
  onRowContextMenu?: (row: T, event: MouseEvent) => void;
  /** Rows drawn as chosen (the screen keeps the choice). */
  isRowSelected?: (row: T) => boolean;
  onRowClick?: (row: T, index: number, event: MouseEvent) => void;
}

function fieldOf<T>(row: T, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

/** What one cell shows by the column's kind (spec 3.3): a serial cell on row 0 of page 2 by 20 shows 21. */
function cellContent<T>(column: GridColumn<T>, row: T, index: number, firstSerial: number): ReactNode {
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

/** The class of a cell: its alignment as a class, so no style object is built per cell and frame. */
function cellClass<T>(column: GridColumn<T>): string {
  const align = column.align ?? (column.kind === 'number' ? 'right' : 'left');
  return align === 'left' ? 'w-grid__cell' : `w-grid__cell is-${align}`;
}

function BodyRow<T>({
  index,
  style,
  ariaAttributes: _aria,
  rows,
  columns,
  cellClasses,
  template,
  firstSerial,
  rowColor,
  onRowContextMenu,
  isRowSelected,
  onRowClick,
}: RowComponentProps<BodyRowProps<T> & { cellClasses: string[] }>) {
  const row = rows[index];
  const selected = isRowSelected?.(row) ?? false;
  const background = selected ? undefined : rowColor?.(row);
  const rowStyle: CSSProperties = { ...style, gridTemplateColumns: template, background };
  const stripe = index % 2 ? 'w-grid__row is-odd' : 'w-grid__row';
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: rows are chosen by keyboard through the screen's key handler on the table
    <div
      role="row"
      aria-rowindex={index + 1}
      aria-selected={isRowSelected ? selected : undefined}
      className={selected ? `${stripe} is-selected` : stripe}
      style={rowStyle}
      onClick={onRowClick ? (event) => onRowClick(row, index, event) : undefined}
      onContextMenu={onRowContextMenu ? (event) => onRowContextMenu(row, event) : undefined}
    >
      {columns.map((column, i) => (
        <div key={column.key} role="cell" className={cellClasses[i]}>
          {cellContent(column, row, index, firstSerial)}
        </div>
      ))}
    </div>
  );
}

/** Rows drawn beyond each edge of the viewport; a fast scroll outruns any overscan, so it stays small. */
const OVERSCAN = 1;

/**
 * How many row slots the body recycles: more than it ever draws at once, and even, so a slot keeps its stripe.
 * `rowSlots(480, 36)` is 18.
 */
function rowSlots(height: number, rowHeight: number): number {
  const slots = Math.ceil(height / rowHeight) + 2 * OVERSCAN + 2;
  return slots + (slots % 2);
}

interface GridBodyProps<T> extends BodyRowProps<T> {
  height: number;
  rowHeight: number;
  minWidth?: number;
  /** A row index kept in view: the body scrolls to it when it changes (keyboard selection). */
  activeRow?: number | null;
}

/**
 * The virtualised rows: only what is on screen is in the DOM, so 50,000 rows scroll smoothly. Rows are keyed by
 * slot (index modulo the slot count), so a scroll re-renders the same row elements with new text instead of
 * unmounting and mounting a screenful of rows every frame.
 */
export function GridBody<T>({ height, rowHeight, minWidth, activeRow, ...rowProps }: GridBodyProps<T>) {
  const { columns } = rowProps;
  const listRef = useListRef(null);
  useEffect(() => {
    if (activeRow === null || activeRow === undefined || activeRow < 0) return;
    listRef.current?.scrollToRow({ index: activeRow, align: 'auto' });
  }, [activeRow, listRef]);
  const cellClasses = useMemo(() => columns.map(cellClass), [columns]);
  const slots = rowSlots(height, rowHeight);
  const rowKey = useCallback((index: number) => index % slots, [slots]);
  if (rowProps.rows.length === 0) {
    return (
      <div role="rowgroup" className="w-grid__body">
        <div role="row" className="w-grid__row w-grid__empty">
          <div role="cell">Нет данных</div>
        </div>
      </div>
    );
  }
  return (
    <List
      role="rowgroup"
      className="w-grid__body w-grid__body--rows"
      rowComponent={BodyRow<T>}
      rowCount={rowProps.rows.length}
      rowHeight={rowHeight}
      rowKey={rowKey}
      listRef={listRef}
      rowProps={{ ...rowProps, cellClasses }}
      defaultHeight={height}
      overscanCount={OVERSCAN}
      style={{ height: Math.min(height, rowProps.rows.length * rowHeight + 2), minWidth }}
    />
  );
}
