// biome-ignore-all lint/a11y/useSemanticElements: a virtualised list is absolutely positioned divs, so it is built from ARIA roles
import { type DragEvent, type KeyboardEvent, useRef, useState } from 'react';
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
}

/** Where ↑/↓, Home and End move the list's tab stop from `index` among `count` rows (no wrap), or null. */
export function freeKeyTarget(key: string, index: number, count: number): number | null {
  if (key === 'ArrowDown') return Math.min(count - 1, index + 1);
  if (key === 'ArrowUp') return Math.max(0, index - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
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
        disabled={flight.aid === null}
        tabIndex={index === stop ? 0 : -1}
        data-free-row={index}
        onClick={() => onChoose(flight)}
        onKeyDown={(event) => onKey(event, index)}
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
 * «+» buttons are one tab stop (↑/↓, Home, End move along them), so that Tab reaches the board past a long list.
 */
export function FreeFlights({ flights, onDragStart, onDragEnd, onChoose, canAssign }: FreeFlightsProps) {
  const listRef = useListRef(null);
  const [chosen, setChosen] = useState(0);
  const stop = Math.min(chosen, Math.max(0, flights.length - 1));
  const focusAfterRender = useRef(0);
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
    <section className="team-planning__free" aria-label="Рейсы без бригады">
      <h2 className="team-planning__free-title">Рейсы без бригады: {flights.length}</h2>
      {flights.length === 0 ? (
        <p className="team-planning__note">Все рейсы периода распределены</p>
      ) : (
        <List
          role="list"
          aria-label="Рейсы без бригады"
          rowComponent={canAssign ? FlightRow : ReadOnlyRow}
          listRef={listRef}
          rowProps={{ flights, onDragStart, onDragEnd, onChoose, stop, onKey }}
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
