import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type CellComponentProps, Grid, useGridRef } from 'react-window';
import {
  inDrag,
  planOf,
  type VacationPlannerContext,
  type VacationPlannerEvent,
} from '../../machines/vacationPlanner.ts';
import { WEEKDAYS_RU } from '../../shared/dates.ts';
import { type VacationEmployee, weekdayOf } from '../../shared/planning-calc.ts';

const DAY_WIDTH = 40;
const ROW_HEIGHT = 32;
const HEAD_HEIGHT = 44;
const PROFIT_HEIGHT = 32;
const SIDE_WIDTH = 280;
const MAX_HEIGHT = 520;

type Send = (event: VacationPlannerEvent) => void;

interface DayCellProps {
  rows: VacationEmployee[];
  days: string[];
  context: Pick<VacationPlannerContext, 'answer' | 'drafts' | 'drag'>;
  active: { row: number; col: number };
  onKey: (event: KeyboardEvent<HTMLButtonElement>, row: number, col: number) => void;
  send: Send;
}

/** 'DD.MM.YYYY' of 'YYYY-MM-DD'. */
const dayText = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const isWeekend = (day: string) => weekdayOf(day) >= 5;

/** One employee's day: planned, free, or in the drag's range; a button the keyboard toggles. */
function DayCell({
  ariaAttributes,
  rowIndex,
  columnIndex,
  style,
  rows,
  days,
  context,
  active,
  onKey,
  send,
}: CellComponentProps<DayCellProps>) {
  const employee = rows[rowIndex];
  const day = days[columnIndex];
  const planned = planOf(context, employee.id).includes(day);
  const dragged = inDrag(context.drag, employee.id, day);
  const shown = dragged ? context.drag?.mode === 'add' : planned;
  const classes = [
    'vacation-cell',
    isWeekend(day) ? 'vacation-cell--weekend' : '',
    shown ? 'vacation-cell--planned' : '',
    dragged ? 'vacation-cell--dragged' : '',
    Object.hasOwn(context.drafts, employee.id) ? 'vacation-cell--draft' : '',
  ];
  return (
    <div style={style} {...ariaAttributes}>
      <button
        type="button"
        className={classes.join(' ')}
        data-cell={`${rowIndex}:${columnIndex}`}
        data-employee={employee.id}
        data-date={day}
        tabIndex={active.row === rowIndex && active.col === columnIndex ? 0 : -1}
        aria-pressed={planned}
        aria-label={`${employee.name}, ${dayText(day)}`}
        title={`${employee.name}, ${dayText(day)}${planned ? ': отпуск' : ''}`}
        onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
          if (event.button !== 0) return;
          event.preventDefault();
          // A touch captures the pointer to the first cell; the grid follows the finger by its coordinates instead.
          event.currentTarget.releasePointerCapture?.(event.pointerId);
          send({ type: 'DRAG.START', employeeId: employee.id, date: day });
        }}
        onKeyDown={(event) => onKey(event, rowIndex, columnIndex)}
      />
    </div>
  );
}

/** The cell under a pointer, read from its data attributes. */
function cellAt(x: number, y: number): { date: string } | null {
  const element = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-date]');
  return element?.dataset.date ? { date: element.dataset.date } : null;
}

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * Employees down, days of the period across, virtualised both ways by react-window's Grid; the day heads and the
 * shortage row follow the horizontal scroll, the names the vertical one, through transforms. Drag across one
 * employee's days to plan (or, from a planned day, to remove) them; the arrows move between days and Space or Enter
 * toggles one.
 */
export function VacationGrid({
  rows,
  days,
  context,
  planning,
  readOnly = false,
  send,
}: {
  rows: VacationEmployee[];
  days: string[];
  context: VacationPlannerContext;
  planning: boolean;
  /** The user may not save plans: the days are only shown (the machine refuses a plan anyway). */
  readOnly?: boolean;
  send: Send;
}) {
  const head = useRef<HTMLDivElement>(null);
  const profit = useRef<HTMLUListElement>(null);
  const side = useRef<HTMLDivElement>(null);
  const gridRef = useGridRef(null);
  const [active, setActive] = useState({ row: 0, col: 0 });
  const height = Math.min(MAX_HEIGHT, rows.length * ROW_HEIGHT + 16);
  const totalLeft = context.answer?.total_left ?? 0;
  const profitByDay = new Map((context.answer?.employeeProfit ?? []).map((entry) => [entry.date, entry]));

  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const { scrollLeft, scrollTop } = event.currentTarget;
    for (const strip of [head.current, profit.current])
      if (strip) strip.style.transform = `translateX(${-scrollLeft}px)`;
    if (side.current) side.current.style.transform = `translateY(${-scrollTop}px)`;
  };

  const onKey = (event: KeyboardEvent<HTMLButtonElement>, row: number, col: number) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      send({ type: 'DAY.TOGGLE', employeeId: rows[row].id, date: days[col] });
      return;
    }
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = {
      row: Math.max(0, Math.min(rows.length - 1, row + move[0])),
      col: Math.max(0, Math.min(days.length - 1, col + move[1])),
    };
    setActive(next);
    gridRef.current?.scrollToCell({ rowIndex: next.row, columnIndex: next.col });
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-cell="${next.row}:${next.col}"]`)?.focus(),
    );
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!context.drag) return;
    const cell = cellAt(event.clientX, event.clientY);
    if (cell && cell.date !== context.drag.to) send({ type: 'DRAG.OVER', date: cell.date });
  };

  // A drag ends wherever the pointer is let go: past the grid's edge too (the range then stops at the last day it
  // crossed), where the grid itself would not hear it and the days would stay marked.
  const dragging = context.drag !== null;
  useEffect(() => {
    if (!dragging) return;
    const end = () => send({ type: 'DRAG.END' });
    const cancel = () => send({ type: 'DRAG.CANCEL' });
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', cancel);
    return () => {
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', cancel);
    };
  }, [dragging, send]);

  const at = (style: CSSProperties) => ({ position: 'absolute', ...style }) as CSSProperties;
  return (
    <div
      className={`vacation-grid${readOnly ? ' vacation-grid--readonly' : ''}`}
      style={{
        gridTemplateColumns: `${SIDE_WIDTH}px 1fr`,
        gridTemplateRows: `${HEAD_HEIGHT}px ${PROFIT_HEIGHT}px ${height}px`,
      }}
      onPointerMove={onPointerMove}
    >
      <div className="vacation-grid__corner">Сотрудник · осталось дней</div>
      <div className="vacation-grid__clip" aria-hidden="true">
        <div ref={head} className="vacation-grid__strip" style={{ width: days.length * DAY_WIDTH }}>
          {days.map((day, index) => (
            <div
              key={day}
              className={`vacation-grid__day${isWeekend(day) ? ' vacation-grid__day--weekend' : ''}`}
              style={at({ left: index * DAY_WIDTH, width: DAY_WIDTH, height: HEAD_HEIGHT })}
              title={dayText(day)}
            >
              <span>{day.slice(8, 10)}</span>
              <small>{WEEKDAYS_RU[weekdayOf(day)]}</small>
            </div>
          ))}
        </div>
      </div>
      <div
        className="vacation-grid__corner vacation-grid__corner--profit"
        title="Доступно − требуется по графику"
      >
        Нехватка / запас
      </div>
      <div className="vacation-grid__clip" aria-busy={planning}>
        <ul
          ref={profit}
          className={`vacation-grid__strip vacation-grid__list${planning ? ' vacation-grid__strip--stale' : ''}`}
          style={{ width: days.length * DAY_WIDTH }}
          aria-label="Нехватка персонала по дням"
        >
          {days.map((day, index) => {
            const entry = profitByDay.get(day);
            const value = entry?.profit ?? 0;
            const tone = value < 0 ? 'short' : value === 0 ? 'even' : 'spare';
            return (
              <li
                key={day}
                data-profit-date={day}
                className={`vacation-profit vacation-profit--${tone}`}
                style={at({ left: index * DAY_WIDTH, width: DAY_WIDTH, height: PROFIT_HEIGHT })}
                aria-label={`${dayText(day)}: ${value}`}
                title={
                  entry
                    ? `${dayText(day)}: доступно ${entry.available}, требуется ${entry.required}, разница ${entry.profit}`
                    : dayText(day)
                }
              >
                {entry ? value : ''}
              </li>
            );
          })}
        </ul>
      </div>
      <div className="vacation-grid__clip vacation-grid__clip--side">
        <div ref={side} className="vacation-grid__strip" style={{ height: rows.length * ROW_HEIGHT }}>
          {rows.map((employee, index) => {
            const left = totalLeft - planOf(context, employee.id).length;
            return (
              <div
                key={employee.id}
                className="vacation-grid__name"
                style={at({ top: index * ROW_HEIGHT, width: SIDE_WIDTH, height: ROW_HEIGHT })}
                title={`${employee.name}, ${employee.position}`}
                data-employee-row={employee.id}
              >
                <span className="vacation-grid__fio">{employee.name}</span>
                <span className="vacation-grid__left" data-left={left}>
                  {left}
                </span>
              </div>
            );
          })}
        </div>
      </div>
      <Grid
        gridRef={gridRef}
        cellComponent={DayCell}
        cellProps={{ rows, days, context, active, onKey, send }}
        columnCount={days.length}
        columnWidth={DAY_WIDTH}
        rowCount={rows.length}
        rowHeight={ROW_HEIGHT}
        overscanCount={2}
        onScroll={onScroll}
        aria-label="План отпусков: строки — сотрудники, столбцы — дни"
        aria-readonly={readOnly || undefined}
        style={{ height, width: '100%' }}
      />
    </div>
  );
}
