// biome-ignore-all lint/a11y/useFocusableInteractive: the cells are read, not operated; their inputs and buttons take focus
import { type CSSProperties, type KeyboardEvent, useRef } from 'react';
import { type CellComponentProps, Grid } from 'react-window';
import {
  cellDistance,
  type WorkplaceDistanceContext,
  type WorkplaceDistanceEvent,
} from '../../machines/workplaceDistance.ts';
import type { Workplace } from '../../shared/workplace.ts';
import { parseNonNegative } from '../../widgets/numberInput.ts';

const CELL_WIDTH = 96;
const ROW_HEIGHT = 36;
const HEAD_HEIGHT = 56;
const SIDE_WIDTH = 200;
/** Rows the matrix keeps room for however little height the page leaves (below that the page scrolls). */
const MIN_ROWS = 5;

const NUMBER = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** A distance as the input shows it, with the Russian decimal comma. Example: `typed(205.5)` → '205,5'. */
const typed = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

interface MatrixCellProps {
  rows: Workplace[];
  cols: Workplace[];
  context: WorkplaceDistanceContext;
  editable: boolean;
  busy: boolean;
  send: (event: WorkplaceDistanceEvent) => void;
}

/** The label of a pair. Example: `pairLabel(stand, gate)` → 'МС-1 → Выход 1'. */
export function pairLabel(from: Workplace | undefined, to: Workplace | undefined): string {
  return `${from?.name ?? '?'} → ${to?.name ?? '?'}`;
}

/** One cell: the distance in view mode; an input (and a delete button on stored entries) in edit mode. */
function MatrixCell({
  ariaAttributes,
  rowIndex,
  columnIndex,
  style,
  rows,
  cols,
  context,
  editable,
  busy,
  send,
}: CellComponentProps<MatrixCellProps>) {
  const from = rows[rowIndex];
  const to = cols[columnIndex];
  const key = `${from.id}:${to.id}`;
  const value = cellDistance(context, from.id, to.id);
  const stored = context.entries[key];
  const pending =
    context.pendingCreate.some((e) => e.workplace_from_id === from.id && e.workplace_to_id === to.id) ||
    context.pendingUpdate.some((e) => e.workplace_from_id === from.id && e.workplace_to_id === to.id);
  const error = context.cellErrors[key];
  const classes = [
    'workplace-cell',
    pending ? 'workplace-cell--pending' : '',
    error ? 'workplace-cell--error' : '',
  ];
  const label = `Расстояние ${pairLabel(from, to)}, м`;
  if (from.id === to.id)
    return <div style={style} className="workplace-cell workplace-cell--self" {...ariaAttributes} />;
  if (!editable)
    return (
      <div style={style} className={classes.join(' ')} {...ariaAttributes} title={pairLabel(from, to)}>
        <span className="w-visually-hidden">{`${pairLabel(from, to)}: `}</span>
        {value === null ? '—' : NUMBER.format(value)}
      </div>
    );
  const commit = (input: HTMLInputElement) => {
    const parsed = parseNonNegative(input.value);
    if (parsed === undefined) input.value = typed(value);
    else if (parsed !== value) send({ type: 'CELL.CHANGE', from: from.id, to: to.id, distance: parsed });
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.currentTarget.blur();
  };
  const hasPending = context.pendingCreate.length + context.pendingUpdate.length > 0;
  return (
    <div style={style} className={classes.join(' ')} {...ariaAttributes} title={error ?? pairLabel(from, to)}>
      <input
        key={`${key}:${value}`}
        className="workplace-cell__input"
        inputMode="decimal"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        defaultValue={typed(value)}
        disabled={busy}
        onBlur={(event) => commit(event.currentTarget)}
        onKeyDown={onKey}
      />
      {stored ? (
        <button
          type="button"
          className="workplace-cell__delete"
          aria-label={`Удалить расстояние ${pairLabel(from, to)}`}
          title={hasPending ? 'Сначала сохраните или отмените изменения' : 'Удалить расстояние'}
          disabled={busy || hasPending}
          onClick={() => send({ type: 'CELL.DELETE', ids: [stored.id] })}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}

/**
 * The distance matrix: from-places down, to-places across, virtualised in both directions by react-window's Grid;
 * the header row and column follow the scroll through transforms, without a React render per frame.
 */
export function Matrix(props: MatrixCellProps) {
  const { rows, cols } = props;
  const head = useRef<HTMLDivElement>(null);
  const side = useRef<HTMLDivElement>(null);
  // The body takes the page's height left (a flex column, workplace.css), between five rows and all of them; its
  // sideways scrollbar stays on screen. The 16 px are that scrollbar's room; 2 px the borders.
  const natural = rows.length * ROW_HEIGHT + 16;
  const least = Math.min(natural, MIN_ROWS * ROW_HEIGHT + 16);
  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const { scrollLeft, scrollTop } = event.currentTarget;
    if (head.current) head.current.style.transform = `translateX(${-scrollLeft}px)`;
    if (side.current) side.current.style.transform = `translateY(${-scrollTop}px)`;
  };
  const at = (style: CSSProperties) => ({ position: 'absolute', ...style }) as CSSProperties;
  return (
    <div
      className="workplace-matrix"
      style={{
        gridTemplateColumns: `${SIDE_WIDTH}px 1fr`,
        gridTemplateRows: `${HEAD_HEIGHT}px minmax(0, 1fr)`,
        minHeight: HEAD_HEIGHT + least + 2,
        maxHeight: HEAD_HEIGHT + natural + 2,
      }}
    >
      <div className="workplace-matrix__corner" aria-hidden="true">
        Откуда \ Куда
      </div>
      <div className="workplace-matrix__head-clip" aria-hidden="true">
        <div ref={head} className="workplace-matrix__strip" style={{ width: cols.length * CELL_WIDTH }}>
          {cols.map((place, index) => (
            <div
              key={place.id}
              className="workplace-matrix__col"
              style={at({ left: index * CELL_WIDTH, width: CELL_WIDTH, height: HEAD_HEIGHT })}
            >
              {place.name}
            </div>
          ))}
        </div>
      </div>
      <div className="workplace-matrix__side-clip" aria-hidden="true">
        <div ref={side} className="workplace-matrix__strip" style={{ height: rows.length * ROW_HEIGHT }}>
          {rows.map((place, index) => (
            <div
              key={place.id}
              className="workplace-matrix__row"
              style={at({ top: index * ROW_HEIGHT, width: SIDE_WIDTH, height: ROW_HEIGHT })}
            >
              {place.name}
            </div>
          ))}
        </div>
      </div>
      <Grid
        cellComponent={MatrixCell}
        cellProps={props}
        columnCount={cols.length}
        columnWidth={CELL_WIDTH}
        rowCount={rows.length}
        rowHeight={ROW_HEIGHT}
        overscanCount={2}
        onScroll={onScroll}
        aria-label="Матрица расстояний, м: строки — откуда, столбцы — куда"
        // The scrolling area takes focus, so that arrows and Page keys scroll it without a mouse (WCAG 2.1.1).
        tabIndex={0}
        style={{ height: '100%', width: '100%' }}
      />
    </div>
  );
}
