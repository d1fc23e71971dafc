// biome-ignore-all lint/a11y/useSemanticElements: a virtualised list is absolutely positioned divs, so it is built from ARIA roles
import {
  type DragEvent,
  type FocusEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { List, type RowComponentProps, useListRef } from 'react-window';
import type { Board } from './api.ts';
import { clockOf, flightHint } from './board.ts';

type FreeFlight = Board['free'][number];
const ROW_HEIGHT = 44;

interface RowProps {
  flights: FreeFlight[];
  onDragStart: (flight: FreeFlight) => void;
  onDragEnd: () => void;
  onChoose: (flight: FreeFlight) => void;
  /** The row whose «+» is the list's one tab stop. */
  stop: number;
  onKey: (event: KeyboardEvent<HTMLButtonElement>, index: number) => void;
  /** A row's «+» took the focus (Tab, a click): it becomes the tab stop. */
  onFocusRow: (index: number) => void;
}

/** A span of row indexes (both ends included), as react-window reports them. */
interface RowSpan {
  startIndex: number;
  stopIndex: number;
}

/** Where ↑/↓, Home and End move the list's tab stop from `index` among `count` rows (no wrap), or null. */
export function freeKeyTarget(key: string, index: number, count: number): number | null {
  if (key === 'ArrowDown') return Math.min(count - 1, index + 1);
  if (key === 'ArrowUp') return Math.max(0, index - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The row whose «+» is the list's one tab stop among `count` rows: the chosen row while it is rendered, else the first
 * row on screen (a virtualised row scrolled away has no button to hold the stop). Example: chosen 40, rendered 0–20,
 * on screen 3–15 → 3.
 */
export function freeTabStop(
  chosen: number,
  count: number,
  rendered: RowSpan | null,
  visible: RowSpan | null,
): number {
  const last = Math.max(0, count - 1);
  const row = Math.min(Math.max(0, chosen), last);
  if (!rendered || (row >= rendered.startIndex && row <= rendered.stopIndex)) return row;
  return Math.min(Math.max(0, visible?.startIndex ?? rendered.startIndex), last);
}

function FlightRow({
  index,
  style,
  flights,
  onDragStart,
  onDragEnd,
  onChoose,
  stop,
  onKey,
  onFocusRow,
}: RowComponentProps<RowProps>) {
  const flight = flights[index];
  const start = (event: DragEvent<HTMLDivElement>) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', String(flight.aid ?? ''));
    onDragStart(flight);
  };
  return (
    <div
      role="listitem"
      style={{ ...style, borderLeftColor: flight.color.field }}
      className="team-planning__free-flight"
      draggable={flight.aid !== null}
      onDragStart={start}
      onDragEnd={onDragEnd}
      title={flightHint(flight)}
      aria-label={`${flight.flight_number}, ${clockOf(flight.begin_datetime)}–${clockOf(flight.end_datetime)}`}
    >
      <span className="team-planning__free-number">{flight.flight_number}</span>
      <span className="team-planning__free-time">
        {clockOf(flight.begin_datetime)}–{clockOf(flight.end_datetime)} · {flight.parking?.name ?? '—'} ·{' '}
        {flight.aircraft.type_name}
      </span>
      <button
        type="button"
        className="team-planning__free-assign"
        aria-label={`Назначить бригаду на ${flight.flight_number}`}
        // Not `disabled`: a disabled button takes no focus, and the row holding the list's tab stop may be this one.
        aria-disabled={flight.aid === null ? 'true' : undefined}
        tabIndex={index === stop ? 0 : -1}
        data-free-row={index}
        onClick={() => {
          if (flight.aid !== null) onChoose(flight);
        }}
        onKeyDown={(event) => onKey(event, index)}
        onFocus={() => onFocusRow(index)}
      >
        +
      </button>
    </div>
  );
}

export interface FreeFlightsProps {
  flights: FreeFlight[];
  /** A drag of a flight started (the board learns what it would drop) or ended. */
  onDragStart: (flight: FreeFlight) => void;
  onDragEnd: () => void;
  /** The keyboard way: choose a team for the flight from the suitable ones. */
  onChoose: (flight: FreeFlight) => void;
  /** False for a user who may not assign: nothing is draggable then. */
  canAssign: boolean;
}

/**
 * Flights without a team beside the board (virtualised): drag one onto a team row, or press + to choose a team. The
 * «+» buttons are one tab stop (↑/↓, Home, End move along them), so that Tab reaches the board past a long list; the
 * stop stays on a rendered row (`freeTabStop`) and a flight without a turnaround keeps a focusable «+» that does
 * nothing. Without the right to assign, the list itself is the stop (the arrows scroll it).
 */
export function FreeFlights({ flights, onDragStart, onDragEnd, onChoose, canAssign }: FreeFlightsProps) {
  const listRef = useListRef(null);
  const [chosen, setChosen] = useState(0);
  const [rendered, setRendered] = useState<{ visible: RowSpan; all: RowSpan } | null>(null);
  const stop = freeTabStop(chosen, flights.length, rendered?.all ?? null, rendered?.visible ?? null);
  // Stable, and a state only when the rows change: the list reports after every render.
  const onRowsRendered = useCallback((visible: RowSpan, all: RowSpan) => {
    setRendered((old) =>
      old &&
      old.visible.startIndex === visible.startIndex &&
      old.visible.stopIndex === visible.stopIndex &&
      old.all.startIndex === all.startIndex &&
      old.all.stopIndex === all.stopIndex
        ? old
        : { visible, all },
    );
  }, []);
  const focusAfterRender = useRef(0);
  // The focus is on a «+» of the list: a row scrolled away by the mouse takes its focused button out of the page,
  // which would drop the focus to the page; the new tab stop takes it instead (without scrolling back).
  const focusInside = useRef(false);
  const onFocusIn = () => {
    focusInside.current = true;
  };
  const onFocusOut = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    const left = event.target;
    // A focused button taken out of the page is not the user leaving: decided once the removal is done.
    requestAnimationFrame(() => {
      if (left.isConnected || next !== null) focusInside.current = false;
    });
  };
  useEffect(() => {
    if (!focusInside.current) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    listRef.current?.element
      ?.querySelector<HTMLButtonElement>(`[data-free-row="${stop}"]`)
      ?.focus({ preventScroll: true });
  });
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = freeKeyTarget(event.key, index, flights.length);
    if (target === null) return;
    event.preventDefault();
    setChosen(target);
    listRef.current?.scrollToRow({ index: target, align: 'auto' });
    // The row may be rendered only after the scroll: its button takes the focus on the next frame.
    cancelAnimationFrame(focusAfterRender.current);
    focusAfterRender.current = requestAnimationFrame(() =>
      listRef.current?.element?.querySelector<HTMLButtonElement>(`[data-free-row="${target}"]`)?.focus(),
    );
  };
  return (
    <section
      className="team-planning__free"
      aria-label="Рейсы без бригады"
      onFocus={onFocusIn}
      onBlur={onFocusOut}
    >
      <h2 className="team-planning__free-title">Рейсы без бригады: {flights.length}</h2>
      {flights.length === 0 ? (
        <p className="team-planning__note">Все рейсы периода распределены</p>
      ) : (
        <List
          role="list"
          aria-label="Рейсы без бригады"
          rowComponent={canAssign ? FlightRow : ReadOnlyRow}
          listRef={listRef}
          rowProps={{ flights, onDragStart, onDragEnd, onChoose, stop, onKey, onFocusRow: setChosen }}
          onRowsRendered={onRowsRendered}
          // Read only: the list is the tab stop that scrolls it.
          tabIndex={canAssign ? undefined : 0}
          className={canAssign ? undefined : 'team-planning__free-list'}
          rowCount={flights.length}
          rowHeight={ROW_HEIGHT}
          overscanCount={8}
          style={{ height: 560 }}
        />
      )}
    </section>
  );
}

function ReadOnlyRow({ index, style, flights }: RowComponentProps<RowProps>) {
  const flight = flights[index];
  return (
    <div
      role="listitem"
      style={{ ...style, borderLeftColor: flight.color.field }}
      className="team-planning__free-flight"
      title={flightHint(flight)}
    >
      <span className="team-planning__free-number">{flight.flight_number}</span>
      <span className="team-planning__free-time">
        {clockOf(flight.begin_datetime)}–{clockOf(flight.end_datetime)} · {flight.parking?.name ?? '—'}
      </span>
    </div>
  );
}
