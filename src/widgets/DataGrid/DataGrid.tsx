// biome-ignore-all lint/a11y/useSemanticElements: a virtualised body is absolutely positioned divs, so the table is built from ARIA roles
// biome-ignore-all lint/a11y/useFocusableInteractive: rows and cells are read, not operated; their buttons and inputs take focus
import { useSelector } from '@xstate/react';
import {
  type CSSProperties,
  type MouseEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { LoadPage } from '../../machines/grid.ts';
import { filterRecord } from '../../machines/gridQuery.ts';
import { ContextMenu, type ContextMenuItem } from '../ContextMenu.tsx';
import { GridBody } from './GridBody.tsx';
import { GridHeader } from './GridHeader.tsx';
import { PaginationControl, PaginationHeader } from './Pagination.tsx';
import type { GridColumn } from './types.ts';
import { type GridActorRef, useGridActor } from './useGridActor.ts';
import './DataGrid.css';

/** Presentation options shared by DataGrid and DataGridView. */
export interface DataGridViewProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: GridColumn<T>[];
  rowColor?: (row: T) => string | undefined;
  /** Items of a row's context menu; none means no menu. */
  contextMenu?: (row: T) => ContextMenuItem[];
  /** Rows drawn as chosen; the screen keeps the choice and changes it in `onRowClick`. */
  isRowSelected?: (row: T) => boolean;
  onRowClick?: (row: T, index: number, event: MouseEvent) => void;
  /** A row index the body keeps in view (the keyboard's row). */
  activeRow?: number | null;
  /**
   * In a sideways grid, put only the columns in view (plus a margin) in the DOM: much less work per scrolled frame
   * for wide tables, but cells out of view cannot be found in the page until scrolled to.
   */
  windowColumns?: boolean;
  pageSizes?: readonly number[];
  /**
   * Height of the scrolling body in px (480 by default), or 'fill': the grid takes the height its page leaves it (a
   * flex column from the frame down, see DataGrid.css), at least the room of FILL_MIN_ROWS rows, and its scrollbars
   * stay on screen.
   */
  height?: number | 'fill';
  rowHeight?: number;
}

export interface DataGridProps<T> extends DataGridViewProps<T> {
  /** The screen's list call (see createLoadPage). */
  loadPage: LoadPage<T>;
  perPage?: number;
  /** Let columns keep their width and scroll sideways instead of shrinking. */
  horizontalScroll?: boolean;
  /** False keeps sort and filters out of the address bar (for a second grid on a page). */
  syncQuery?: boolean;
}

function columnTemplate<T>(
  columns: GridColumn<T>[],
  horizontal: boolean,
): {
  template: string;
  cellStyles: CSSProperties[];
  fixed: (number | null)[];
  minWidth?: number;
  widths: number[] | null;
} {
  // A column's width in px, or null for a share of the room left (at least 80 px).
  const fixed = columns.map((column) =>
    column.width ? column.width : horizontal ? 160 : column.kind === 'serial' ? 64 : null,
  );
  const grow = (index: number) => columns[index].grow ?? 1;
  const template = fixed
    .map((width, i) => (width === null ? `minmax(80px, ${grow(i)}fr)` : `${width}px`))
    .join(' ');
  // The body's flex cells take the same widths as the header's grid tracks.
  const cellStyles = fixed.map(
    (width, i): CSSProperties =>
      width === null
        ? { flexGrow: grow(i), flexShrink: 1, flexBasis: 0, minWidth: 80 }
        : { flex: `0 0 ${width}px` },
  );
  // Sideways every column has a width in px, so the body can draw only the columns in view.
  const pixels = horizontal
    ? columns.map((column) => column.width ?? (column.kind === 'serial' ? 64 : 160))
    : null;
  const minWidth = pixels ? pixels.reduce((sum, width) => sum + width, 0) : undefined;
  return { template, cellStyles, fixed, minWidth, widths: pixels };
}

/**
 * Rows a filling grid keeps room for however little height its page leaves; below that the page scrolls. Four: the
 * flight table's period and actions leave it about four and a half rows at 1280 × 720.
 */
const FILL_MIN_ROWS = 4;

/**
 * A filling grid's least and greatest heights, written to the elements as they follow the layout, not the state. Least:
 * everything but the body (titles, filters, pagination, the sideways scrollbar) plus FILL_MIN_ROWS rows, or all rows
 * when fewer. Greatest, on the page's card that holds the grid: the card's own parts plus the grid with all its rows,
 * so a short list ends its card under its last row instead of stretching a white card to the page's bottom.
 */
function useFillHeights(
  grid: RefObject<HTMLDivElement | null>,
  fill: boolean,
  rows: number,
  rowHeight: number,
) {
  useLayoutEffect(() => {
    const element = grid.current;
    if (!fill || !element) return;
    const card = element.closest<HTMLElement>('.w-page > .w-card');
    const update = () => {
      const body = element.querySelector<HTMLElement>('.w-grid__body');
      const footer = element.querySelector<HTMLElement>('.w-grid__footer');
      if (!body || !footer) return;
      // Measured to the footer's end, not the grid's: a grid taller than its rows has room below the footer.
      const end = footer.getBoundingClientRect().bottom - element.getBoundingClientRect().top;
      const chrome = end - body.offsetHeight;
      const least = rows > 0 ? Math.min(rows, FILL_MIN_ROWS) * rowHeight + 2 : body.offsetHeight;
      element.style.minHeight = `${chrome + least}px`;
      if (!card) return;
      const all = rows > 0 ? rows * rowHeight + 2 : body.offsetHeight;
      card.style.maxHeight = `${card.offsetHeight - element.offsetHeight + chrome + all}px`;
    };
    update();
    if (typeof ResizeObserver === 'undefined') return () => card?.style.removeProperty('max-height');
    // The titles and filters wrap differently as the width changes.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      card?.style.removeProperty('max-height');
    };
  }, [grid, fill, rows, rowHeight]);
}

/**
 * Keeps pinned columns at the right edge of a grid that scrolls sideways: the scroller's `--w-grid-pin` is the
 * (negative) distance from its right edge in view to the end of its content, by which pinned cells are moved.
 * A transform and not `position: sticky`, because the body, a vertical scroll container the width of all columns,
 * would hold sticky cells at its own far right.
 */
function usePinnedColumns(scroller: RefObject<HTMLDivElement | null>, pinned: boolean) {
  useEffect(() => {
    const element = scroller.current;
    if (!pinned || !element) return;
    const update = () => {
      const hidden = Math.max(0, element.scrollWidth - element.clientWidth - element.scrollLeft);
      element.style.setProperty('--w-grid-pin', `${-hidden}px`);
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [scroller, pinned]);
}

/** A grid bound to a grid actor from useGridActor; use it when the screen sends events to the grid. */
export function DataGridView<T>({
  actorRef,
  label,
  columns,
  rowColor,
  contextMenu,
  isRowSelected,
  onRowClick,
  activeRow,
  windowColumns = false,
  pageSizes,
  height = 480,
  rowHeight = 40,
}: DataGridViewProps<T> & { actorRef: GridActorRef }) {
  const context = useSelector(actorRef, (snapshot) => snapshot.context);
  const loading = useSelector(actorRef, (snapshot) => snapshot.hasTag('loading'));
  const [menu, setMenu] = useState<{ row: T; x: number; y: number } | null>(null);
  const { pagination, horizontalScroll } = context;
  const { template, cellStyles, fixed, minWidth, widths } = useMemo(
    () => columnTemplate(columns, horizontalScroll),
    [columns, horizontalScroll],
  );
  const filters = useMemo(() => filterRecord(context.filters), [context.filters]);
  // A sideways grid left scrolled to its row buttons would hide the filters and the empty-list text once the last
  // row goes (deleted, filtered out): an empty list starts at the left edge again.
  const scroller = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const fill = height === 'fill';
  useFillHeights(grid, fill, context.items.length, rowHeight);
  usePinnedColumns(
    scroller,
    columns.some((column) => column.pin),
  );
  const empty = !loading && context.items.length === 0;
  useEffect(() => {
    if (empty && scroller.current) scroller.current.scrollLeft = 0;
  }, [empty]);
  const onRowContextMenu = contextMenu
    ? (row: T, event: MouseEvent) => {
        event.preventDefault();
        setMenu({ row, x: event.clientX, y: event.clientY });
      }
    : undefined;
  return (
    <div ref={grid} className={`w-grid${fill ? ' w-grid--fill' : ''}`}>
      <PaginationHeader
        currentPage={pagination.currentPage}
        perPage={pagination.perPage}
        totalCount={pagination.totalCount}
        pageSizes={pageSizes}
        onPageSize={(perPage) => actorRef.send({ type: 'PAGE_SIZE.SET', perPage })}
      />
      <div
        ref={scroller}
        className={`w-grid__scroller${horizontalScroll ? ' is-horizontal' : ''}${windowColumns ? ' is-windowed' : ''}`}
      >
        <div
          role="table"
          aria-label={label}
          aria-rowcount={pagination.totalCount}
          aria-busy={loading}
          className="w-grid__table"
          style={{ minWidth }}
        >
          <GridHeader
            columns={columns}
            template={template}
            sort={context.sort}
            filters={filters}
            onSort={(key) => actorRef.send({ type: 'SORT.TOGGLE', key })}
            onFilter={(key, value) => actorRef.send({ type: 'FILTER.SET', key, value })}
          />
          <GridBody<T>
            rows={context.items as T[]}
            columns={columns}
            cellStyles={cellStyles}
            cellWidths={fixed}
            firstSerial={(pagination.currentPage - 1) * pagination.perPage + 1}
            rowColor={rowColor}
            onRowContextMenu={onRowContextMenu}
            isRowSelected={isRowSelected}
            onRowClick={onRowClick}
            activeRow={activeRow}
            loading={loading}
            columnWidths={windowColumns ? widths : null}
            height={height}
            rowHeight={rowHeight}
            minWidth={minWidth}
          />
        </div>
      </div>
      <div className="w-grid__footer">
        <PaginationControl
          currentPage={pagination.currentPage}
          pageCount={pagination.pageCount}
          onPage={(page) => actorRef.send({ type: 'PAGE.GO', page })}
        />
      </div>
      {contextMenu ? (
        <ContextMenu
          position={menu ? { x: menu.x, y: menu.y } : null}
          items={menu ? contextMenu(menu.row) : []}
          onClose={() => setMenu(null)}
        />
      ) : null}
    </div>
  );
}

/** A paged, sorted, filtered grid over a loadPage call; sort and filters live in the query string (spec 4.2). */
export function DataGrid<T>({ loadPage, perPage, horizontalScroll, syncQuery, ...view }: DataGridProps<T>) {
  const filterKeys = view.columns.filter((column) => column.filterable).map((column) => column.key);
  const actorRef = useGridActor(loadPage, { perPage, horizontalScroll, syncQuery, filterKeys });
  return <DataGridView actorRef={actorRef} {...view} />;
}
