// biome-ignore-all lint/a11y/useSemanticElements: a virtualised body is absolutely positioned divs, so the table is built from ARIA roles
// biome-ignore-all lint/a11y/useFocusableInteractive: rows and cells are read, not operated; their buttons and inputs take focus
import {
  type CSSProperties,
  type MouseEvent,
  memo,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { flushSync } from 'react-dom';
import { cellClass, isRichColumn } from './cells.tsx';
import { RichCells } from './richCells.ts';
import { type PaintInput, RowPainter, rowSlots } from './rowPainter.ts';
import { canDrawText, TextLayer } from './textLayer.ts';
import type { GridColumn } from './types.ts';

/** The columns a row draws when the grid scrolls sideways: those in view, after `left` px of columns not drawn. */
interface ShownColumns {
  from: number;
  to: number;
  left: number;
}

/**
 * Pixels drawn beyond each side of a sideways-scrolling body: the columns a frame of threaded (compositor) scrolling
 * may show before the scroll event draws them. Each one drawn costs every vertical scroll frame a cell per row.
 */
const COLUMN_MARGIN = 120;

/** How long after the last scroll event the cells' DOM text catches up with the canvas (ms). */
const TEXT_IDLE_MS = 120;

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
    // Columns scrolled into view are drawn within the scroll event, before the frame, not a frame late.
    const onScroll = () => flushSync(update);
    update();
    scroller.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [element, widths]);
  return useMemo(() => {
    if (!range || !widths) return null;
    const left = widths.slice(0, range[0]).reduce((sum, width) => sum + width, 0);
    return { from: range[0], to: range[1], left };
  }, [range, widths]);
}

interface GridBodyProps<T> {
  rows: T[];
  columns: GridColumn<T>[];
  /** Each column's `flex` (and least width) in a body row, matching the header's grid tracks. */
  cellStyles: CSSProperties[];
  /** Each column's width in px, or null for a share of the room: text sure to fit a known width is not clipped. */
  cellWidths?: (number | null)[];
  firstSerial: number;
  rowColor?: (row: T) => string | undefined;
  onRowContextMenu?: (row: T, event: MouseEvent) => void;
  /** Rows drawn as chosen (the screen keeps the choice). */
  isRowSelected?: (row: T) => boolean;
  onRowClick?: (row: T, index: number, event: MouseEvent) => void;
  /** The body's height in px, or 'fill': it takes the room the grid leaves it (see DataGridViewProps.height). */
  height: number | 'fill';
  rowHeight: number;
  minWidth?: number;
  /** Column widths in px when the grid scrolls sideways: only the columns in view are drawn. */
  columnWidths?: number[] | null;
  /** A row index kept in view: the body scrolls to it when it changes (keyboard selection). */
  activeRow?: number | null;
  /** A load is under way: an empty body says so instead of 'Нет данных'. */
  loading?: boolean;
}

/**
 * The height in px of a body that fills the room its grid leaves (it shrinks below its rows' height by flex), so
 * that it draws as many row slots as it shows; the window's height until measured.
 */
function useFilledHeight(body: HTMLElement | null, fill: boolean): number {
  const [height, setHeight] = useState(() => (typeof window === 'undefined' ? 480 : window.innerHeight));
  useEffect(() => {
    if (!fill || !body || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      if (body.clientHeight > 0) setHeight(body.clientHeight);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(body);
    return () => observer.disconnect();
  }, [body, fill]);
  return height;
}

/** The React content of one rich cell of a row slot, as the row painter last set it. */
const RichCell = memo(function RichCell({
  cells,
  slot,
  column,
}: {
  cells: RichCells;
  slot: number;
  column: number;
}) {
  const subscribe = useCallback(
    (listener: () => void) => cells.listen(slot, column, listener),
    [cells, slot, column],
  );
  const read = useCallback(() => cells.get(slot, column), [cells, slot, column]);
  return useSyncExternalStore(subscribe, read, read);
});

/**
 * The virtualised rows: a fixed set of row slots in one container moved by a transform, so only what is on screen is
 * in the DOM and 50,000 rows scroll smoothly. React draws the slots and their cells once per change of the rows,
 * columns or choice; a scroll frame is painted by RowPainter straight into the DOM (text nodes, row attributes), and
 * only cells holding React content re-render.
 */
export function GridBody<T>({
  rows,
  columns,
  cellStyles,
  cellWidths,
  firstSerial,
  rowColor,
  onRowContextMenu,
  isRowSelected,
  onRowClick,
  height,
  rowHeight,
  minWidth,
  activeRow,
  columnWidths = null,
  loading = false,
}: GridBodyProps<T>) {
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const shown = useShownColumns(body, columnWidths);
  const rich = useMemo(() => new RichCells(), []);
  const painter = useMemo(() => new RowPainter<T>(rich), [rich]);
  const cellClasses = useMemo(() => columns.map(cellClass), [columns]);
  const richColumns = useMemo(() => columns.map(isRichColumn), [columns]);
  const from = shown?.from ?? 0;
  const to = shown ? shown.to : columns.length - 1;
  const input = useRef<PaintInput<T> & Pick<GridBodyProps<T>, 'onRowClick' | 'onRowContextMenu'>>(null);
  const filled = useFilledHeight(body, height === 'fill');
  // A pinned column is moved over the others by a transform, which the canvas of plain texts would draw over: such
  // grids (a few dozen rows of settings) keep their text in the DOM.
  const drawsText = !columns.some((column) => column.pin);

  // After every render: the rows, columns or choice may have changed, so every slot is looked at again.
  useLayoutEffect(() => {
    input.current = {
      rows,
      columns,
      widths: cellWidths,
      firstSerial,
      rowHeight,
      from,
      to,
      rowColor,
      isRowSelected,
    };
    input.current.onRowClick = onRowClick;
    input.current.onRowContextMenu = onRowContextMenu;
    if (body && container.current) painter.paint(container.current, body.scrollTop, input.current, true);
  });

  // The plain texts go on a canvas where the document can draw one (not in a test's DOM). The layer is set up again
  // when the body's size changes (columns sharing the width move) and when a web font has loaded.
  useLayoutEffect(() => {
    if (!body || !canvas.current || !drawsText || !canDrawText()) return;
    const layer = new TextLayer(canvas.current);
    const setUp = () => {
      painter.attachLayer(layer);
      if (container.current && input.current)
        painter.paint(container.current, body.scrollTop, input.current, true);
    };
    setUp();
    let width = body.clientWidth;
    const resized = new ResizeObserver(() => {
      if (body.clientWidth === width) return;
      width = body.clientWidth;
      setUp();
    });
    resized.observe(body);
    document.fonts.addEventListener('loadingdone', setUp);
    return () => {
      resized.disconnect();
      document.fonts.removeEventListener('loadingdone', setUp);
      painter.attachLayer(null);
    };
  }, [body, painter, drawsText]);

  useEffect(() => {
    if (!body) return;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      if (container.current && input.current) painter.flushText(container.current, input.current);
    };
    const onScroll = () => {
      if (container.current && input.current)
        painter.paint(container.current, body.scrollTop, input.current, false);
      clearTimeout(idle);
      if (painter.hasStaleText) idle = setTimeout(flush, TEXT_IDLE_MS);
    };
    body.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(idle);
      body.removeEventListener('scroll', onScroll);
    };
  }, [body, painter]);

  useEffect(() => {
    if (!body || activeRow === null || activeRow === undefined || activeRow < 0) return;
    const top = activeRow * rowHeight;
    if (top < body.scrollTop) body.scrollTop = top;
    else if (top + rowHeight > body.scrollTop + body.clientHeight)
      body.scrollTop = top + rowHeight - body.clientHeight;
  }, [activeRow, body, rowHeight]);

  const rowOf = (event: MouseEvent): number | null =>
    container.current ? painter.rowAt(container.current, event.target) : null;
  const onClick = (event: MouseEvent) => {
    const index = rowOf(event);
    const current = input.current;
    if (index !== null && current?.onRowClick) current.onRowClick(current.rows[index], index, event);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (container.current && input.current)
      painter.showWholeText(container.current, event.target, input.current);
  };
  const onContextMenu = (event: MouseEvent) => {
    const index = rowOf(event);
    const current = input.current;
    if (index !== null && current?.onRowContextMenu) current.onRowContextMenu(current.rows[index], event);
  };

  if (rows.length === 0) {
    return (
      <div role="rowgroup" className="w-grid__body">
        <div role="row" className="w-grid__row w-grid__empty">
          <div role="cell">{loading ? 'Загрузка…' : 'Нет данных'}</div>
        </div>
      </div>
    );
  }
  const slots = Math.min(rowSlots(height === 'fill' ? filled : height, rowHeight), rows.length);
  const natural = rows.length * rowHeight + 2;
  const drawn = columns.slice(from, to + 1);
  const rowStyle: CSSProperties = { height: rowHeight, paddingLeft: shown?.left };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: rows are chosen by keyboard through the screen's key handler on the table
    <div
      ref={setBody}
      role="rowgroup"
      className="w-grid__body w-grid__body--rows"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so that arrows and Page keys scroll the rows without a mouse
      tabIndex={0}
      style={{ height: height === 'fill' ? natural : Math.min(height, natural), minWidth }}
      onClick={onRowClick ? onClick : undefined}
      onContextMenu={onRowContextMenu ? onContextMenu : undefined}
      onPointerMove={onPointerMove}
    >
      <div className="w-grid__sizer" style={{ height: rows.length * rowHeight }} />
      <canvas ref={canvas} className="w-grid__text" />
      <div ref={container} className="w-grid__slots">
        {Array.from({ length: slots }, (_, slot) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its place; the painter fills it with a row
          <div key={slot} role="row" style={rowStyle}>
            {drawn.map((column, i) => (
              <div
                key={column.key}
                role="cell"
                className={cellClasses[from + i]}
                style={cellStyles[from + i]}
              >
                {richColumns[from + i] ? <RichCell cells={rich} slot={slot} column={from + i} /> : null}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
