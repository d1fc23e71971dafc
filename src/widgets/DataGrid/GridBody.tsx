// biome-ignore-all lint/a11y/useSemanticElements: a virtualised body is absolutely positioned divs, so the table is built from ARIA roles
// biome-ignore-all lint/a11y/useFocusableInteractive: rows and cells are read, not operated; their buttons and inputs take focus
import {
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { List, type RowComponentProps, useListCallbackRef } from 'react-window';
import type { GridColumn } from './types.ts';

const numberFormat = new Intl.NumberFormat('ru');

interface BodyRowProps<T> {
  rows: T[];
  columns: GridColumn<T>[];
  /** Each column's `flex` (and least width) in a body row, matching the header's grid tracks. */
  cellStyles: CSSProperties[];
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
  cellStyles,
  firstSerial,
  rowColor,
  onRowContextMenu,
  isRowSelected,
  onRowClick,
  cellClasses,
  shown,
}: RowComponentProps<BodyRowProps<T> & CellProps>) {
  const row = rows[index];
  const selected = isRowSelected?.(row) ?? false;
  const background = selected ? undefined : rowColor?.(row);
  // Sideways, the columns left of those drawn are the row's left padding.
  const rowStyle: CSSProperties = { ...style, paddingLeft: shown?.left, background };
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
      {shown
        ? columns.slice(shown.from, shown.to + 1).map((column, i) => (
            <div
              key={column.key}
              role="cell"
              className={cellClasses[shown.from + i]}
              style={cellStyles[shown.from + i]}
            >
              {cellContent(column, row, index, firstSerial)}
            </div>
          ))
        : columns.map((column, i) => (
            <div key={column.key} role="cell" className={cellClasses[i]} style={cellStyles[i]}>
              {cellContent(column, row, index, firstSerial)}
            </div>
          ))}
    </div>
  );
}

/** The columns a row draws when the grid scrolls sideways: those in view, after `left` px of columns not drawn. */
interface ShownColumns {
  from: number;
  to: number;
  left: number;
}

interface CellProps {
  cellClasses: string[];
  shown: ShownColumns | null;
}

/** Pixels drawn beyond each side of a sideways-scrolling body. */
const COLUMN_MARGIN = 240;

/**
 * The first and last of the columns of `widths` (px) that meet the view from `left` to `right` widened by
 * COLUMN_MARGIN: `columnRange([300, 300, 300, 300, 300], 0, 500)` is [0, 2].
 */
function columnRange(widths: number[], left: number, right: number): [number, number] {
  let from = -1;
  let to = widths.length - 1;
  let offset = 0;
  for (let i = 0; i < widths.length; i += 1) {
    const end = offset + widths[i];
    if (from < 0 && end > left - COLUMN_MARGIN) from = i;
    if (offset >= right + COLUMN_MARGIN) {
      to = i - 1;
      break;
    }
    offset = end;
  }
  return [Math.max(0, from), Math.max(Math.max(0, from), to)];
}

/**
 * In a grid that scrolls sideways (`widths` given), the columns in view of the scroller around the body, updated as
 * it scrolls or resizes: a row of nineteen columns then draws the eight or so the user sees.
 */
function useShownColumns(element: HTMLElement | null, widths: number[] | null): ShownColumns | null {
  const [range, setRange] = useState<[number, number] | null>(null);
  useEffect(() => {
    const scroller = element?.closest<HTMLElement>('.w-grid__scroller');
    if (!scroller || !widths) {
      setRange(null);
      return;
    }
    const update = () => {
      // A scroller not laid out (hidden, or a test's DOM) has no width: every column is drawn.
      if (scroller.clientWidth === 0) {
        setRange(null);
        return;
      }
      const next = columnRange(widths, scroller.scrollLeft, scroller.scrollLeft + scroller.clientWidth);
      setRange((current) => (current && current[0] === next[0] && current[1] === next[1] ? current : next));
    };
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [element, widths]);
  return useMemo(() => {
    if (!range || !widths) return null;
    const left = widths.slice(0, range[0]).reduce((sum, width) => sum + width, 0);
    return { from: range[0], to: range[1], left };
  }, [range, widths]);
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
  /** Column widths in px when the grid scrolls sideways: only the columns in view are drawn. */
  columnWidths?: number[] | null;
  /** A row index kept in view: the body scrolls to it when it changes (keyboard selection). */
  activeRow?: number | null;
}

/**
 * The virtualised rows: only what is on screen is in the DOM, so 50,000 rows scroll smoothly. Rows are keyed by
 * slot (index modulo the slot count), so a scroll re-renders the same row elements with new text instead of
 * unmounting and mounting a screenful of rows every frame.
 */
export function GridBody<T>({
  height,
  rowHeight,
  minWidth,
  activeRow,
  columnWidths = null,
  ...rowProps
}: GridBodyProps<T>) {
  const { columns } = rowProps;
  const [list, setList] = useListCallbackRef(null);
  const shown = useShownColumns(list?.element ?? null, columnWidths);
  useEffect(() => {
    if (activeRow === null || activeRow === undefined || activeRow < 0) return;
    list?.scrollToRow({ index: activeRow, align: 'auto' });
  }, [activeRow, list]);
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
      listRef={setList}
      rowProps={{ ...rowProps, cellClasses, shown }}
      defaultHeight={height}
      overscanCount={OVERSCAN}
      style={{ height: Math.min(height, rowProps.rows.length * rowHeight + 2), minWidth }}
    />
  );
}
