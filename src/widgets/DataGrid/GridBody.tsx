// biome-ignore-all lint/a11y/useSemanticElements: a virtualised body is absolutely positioned divs, so the table is built from ARIA roles
// biome-ignore-all lint/a11y/useFocusableInteractive: rows and cells are read, not operated; their buttons and inputs take focus
import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { List, type RowComponentProps } from 'react-window';
import type { GridColumn } from './types.ts';

const numberFormat = new Intl.NumberFormat('ru');

interface BodyRowProps<T> {
  rows: T[];
  columns: GridColumn<T>[];
  template: string;
  firstSerial: number;
  rowColor?: (row: T) => string | undefined;
  onRowContextMenu?: (row: T, event: MouseEvent) => void;
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

function BodyRow<T>({
  index,
  style,
  ariaAttributes: _aria,
  rows,
  columns,
  template,
  firstSerial,
  rowColor,
  onRowContextMenu,
}: RowComponentProps<BodyRowProps<T>>) {
  const row = rows[index];
  const background = rowColor?.(row);
  const rowStyle: CSSProperties = { ...style, gridTemplateColumns: template, background };
  return (
    <div
      role="row"
      aria-rowindex={index + 1}
      className={`w-grid__row${index % 2 ? ' is-odd' : ''}`}
      style={rowStyle}
      onContextMenu={onRowContextMenu ? (event) => onRowContextMenu(row, event) : undefined}
    >
      {columns.map((column) => (
        <div
          key={column.key}
          role="cell"
          className="w-grid__cell"
          style={{ textAlign: column.align ?? (column.kind === 'number' ? 'right' : 'left') }}
        >
          {cellContent(column, row, index, firstSerial)}
        </div>
      ))}
    </div>
  );
}

interface GridBodyProps<T> extends BodyRowProps<T> {
  height: number;
  rowHeight: number;
  minWidth?: number;
}

/** The virtualised rows: only what is on screen is in the DOM, so 50,000 rows scroll smoothly. */
export function GridBody<T>({ height, rowHeight, minWidth, ...rowProps }: GridBodyProps<T>) {
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
      className="w-grid__body"
      rowComponent={BodyRow<T>}
      rowCount={rowProps.rows.length}
      rowHeight={rowHeight}
      rowProps={rowProps}
      defaultHeight={height}
      overscanCount={8}
      style={{ height: Math.min(height, rowProps.rows.length * rowHeight + 2), minWidth }}
    />
  );
}
